import type { StateStore } from 'oidc-client-ts';
import { OIDC_STORE_PREFIX } from '../../../config/constants';
import { reportNotice } from '../../../lib/notice-bus';
import { AUTH_NOTICES } from '../auth-notices';
import { withoutCallbackParams } from './callback-url';

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

const SIGN_IN_STATE_PREFIX = `${OIDC_STORE_PREFIX}signin.`;

/** Sign-in state in localStorage, else sessionStorage: never the app's memory fallback, lost on the provider's page. */
export function createSignInStateStore(areas = browserAreas(), prefix = SIGN_IN_STATE_PREFIX): StateStore {
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

// Kept under the `state` oidc-client-ts sends, until its answer is handled (tests/support/oidc-client-ts.test.ts).
export async function answersPendingSignIn(url: URL, store = createSignInStateStore()): Promise<boolean> {
  const state = url.searchParams.get('state');
  return state !== null && state !== '' && (await store.get(state)) !== null;
}

export function ignoreAnswer(url: URL): string {
  console.warn('Ignored a sign-in answer to no sign-in started in this browser');
  reportNotice(AUTH_NOTICES.callbackIgnored);
  return withoutCallbackParams(url);
}
