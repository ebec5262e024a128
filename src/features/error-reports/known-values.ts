import { OIDC_STORE_PREFIX } from '../../config/constants';
import type { KeyValueStorage } from '../../lib/storage';
import { attempt } from './attempt';

const STORED_SECRETS = ['access_token', 'id_token', 'refresh_token', 'code_verifier'];
const MAX_DEPTH = 5;
const MAX_VALUES = 200;

/** Every string and number among the claims, nested ones too (an address, the groups); never a yes or no. */
export function claimValues(claims: unknown): string[] {
  const found: string[] = [];
  const visit = (value: unknown, depth: number) => {
    if (found.length >= MAX_VALUES) return;
    if (typeof value === 'number' && Number.isFinite(value)) found.push(String(value));
    else if (typeof value === 'string' && !/^(true|false)$/i.test(value.trim())) found.push(value);
    else if (typeof value === 'object' && value !== null && depth < MAX_DEPTH) {
      for (const item of attempt(() => Object.values(value), [])) visit(item, depth + 1);
    }
  };
  visit(claims, 0);
  return found;
}

export function storedSecrets(storage: KeyValueStorage | undefined): string[] {
  const found: string[] = [];
  for (let index = 0; storage && index < storage.length; index++) {
    const key = storage.key(index);
    if (!key?.startsWith(OIDC_STORE_PREFIX)) continue;
    const entry: unknown = attempt(() => JSON.parse(storage.getItem(key) ?? 'null'), null);
    if (typeof entry !== 'object' || entry === null) continue;
    const record = entry as Record<string, unknown>;
    for (const field of STORED_SECRETS) if (typeof record[field] === 'string') found.push(record[field]);
  }
  return found;
}
