import type { StateStore } from 'oidc-client-ts';
import { OIDC_STORE_PREFIX } from '../../../config/constants';

export type StateArea = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

export class SignInStorageRefused extends Error {
  constructor() {
    super('No storage of this browser keeps the sign-in state for the trip to the provider.');
    this.name = 'SignInStorageRefused';
  }
}

export const browserAreas = (): readonly (() => StateArea)[] => [
  () => window.localStorage,
  () => window.sessionStorage,
];

const attempt = <T>(call: () => T): T | undefined => {
  try {
    return call();
  } catch {
    return undefined;
  }
};

/** Sign-in state in localStorage, else sessionStorage: never the app's memory fallback, lost on the provider's page. */
export function createSignInStateStore(areas = browserAreas(), prefix = OIDC_STORE_PREFIX): StateStore {
  const each = <T>(call: (area: StateArea) => T) => areas.map((area) => attempt(() => call(area())));
  const read = (key: string) => each((area) => area.getItem(prefix + key)).find((value) => typeof value === 'string');
  return {
    async set(key, value) {
      const kept = (area: StateArea) => {
        area.setItem(prefix + key, value);
        return area.getItem(prefix + key) === value;
      };
      if (!areas.some((area) => attempt(() => kept(area())))) throw new SignInStorageRefused();
    },
    get: async (key) => read(key) ?? null,
    async remove(key) {
      const value = read(key) ?? null;
      each((area) => area.removeItem(prefix + key));
      return value;
    },
    async getAllKeys() {
      const keys = each((area) => Array.from({ length: area.length }, (_, index) => area.key(index))).flat();
      const own = keys.filter((key): key is string => key?.startsWith(prefix) === true);
      return [...new Set(own)].map((key) => key.slice(prefix.length));
    },
  };
}

export const readSignInState = (id: string): Promise<string | null> => createSignInStateStore().get(id);
