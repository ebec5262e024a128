import { STORAGE_KEYS, STORAGE_PREFIX } from '../config/constants';
import type { AppStorage } from '../lib/storage';
import type { AuthStore } from './auth';
import type { SettingsStore } from './settings';

type EventTarget = Pick<Window, 'addEventListener' | 'removeEventListener'>;

const SETTINGS_KEY = `${STORAGE_PREFIX}${STORAGE_KEYS.settings}`;
const AUTH_KEY = `${STORAGE_PREFIX}${STORAGE_KEYS.auth}`;

/** A removed key (null) means "back to defaults"; text that is not JSON is ignored. */
function parse(key: string, newValue: string | null): { ok: true; value: unknown } | { ok: false } {
  if (newValue === null) return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(newValue) };
  } catch {
    console.warn(`Ignoring a change of ${key} from another tab: it is not valid JSON.`);
    return { ok: false };
  }
}

/**
 * Other tabs of the app write the same storage; their `storage` events feed the reset actions
 * so this tab shows the same settings and sign-in state (SPEC §5). Events only come from other
 * tabs, and the persist effect does not write back an unchanged value, so nothing echoes.
 */
export function followOtherTabs(
  target: EventTarget,
  storage: AppStorage,
  settings: SettingsStore,
  auth: AuthStore,
): () => void {
  const onStorage = (event: StorageEvent) => {
    if (!storage.isArea(event.storageArea)) return;
    const follow = (key: string, reset: (stored: unknown) => boolean) => {
      if (event.key !== null && event.key !== key) return;
      const parsed = parse(key, event.key === null ? null : event.newValue);
      if (parsed.ok) reset(parsed.value);
    };
    follow(SETTINGS_KEY, settings.reset);
    follow(AUTH_KEY, auth.reset);
  };
  target.addEventListener('storage', onStorage);
  return () => target.removeEventListener('storage', onStorage);
}
