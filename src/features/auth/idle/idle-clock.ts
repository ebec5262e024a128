import { IDLE_SIGN_OUT, STORAGE_PREFIX } from '../../../config/constants';
import { isRecord } from '../../../lib/checks';
import { ownValue } from '../../../lib/safe-keys';
import { saveItem, type KeyValueStorage } from '../../../lib/storage';

/** The one idle clock of every tab: the last activity anywhere, and when a tab signed everyone out for it. */
export interface IdleRecord {
  activeAt: number;
  endedAt?: number;
}

export const IDLE_KEY = `${STORAGE_PREFIX}${IDLE_SIGN_OUT.storageKey}`;

const time = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : undefined);

export function idleRecordOf(value: unknown): IdleRecord | null {
  if (!isRecord(value)) return null;
  const activeAt = time(ownValue(value, 'activeAt'));
  if (activeAt === undefined) return null;
  const endedAt = time(ownValue(value, 'endedAt'));
  return endedAt === undefined ? { activeAt } : { activeAt, endedAt };
}

export function readIdleRecord(storage: KeyValueStorage): IdleRecord | null {
  try {
    const stored = storage.getItem(IDLE_KEY);
    return stored === null ? null : idleRecordOf(JSON.parse(stored));
  } catch {
    return null;
  }
}

export const writeIdleRecord = (storage: KeyValueStorage, record: IdleRecord): boolean =>
  saveItem(storage, IDLE_SIGN_OUT.storageKey, record);
