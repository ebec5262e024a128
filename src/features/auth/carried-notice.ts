import type { Notice } from '../../lib/report';
import { AUTH_NOTICES } from './notices';

export type AuthNoticeName = keyof typeof AUTH_NOTICES;
type TabStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** sessionStorage key (not `snxt-`: that is app state) of an auth notice for the app's next start in this tab. */
export const CARRIED_NOTICE_KEY = 'snxt:auth-notice';

function tabStorage(): TabStorage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * Keeps a notice for when the app starts again in this tab, because the page is about to be
 * replaced (the provider's sign-out). Returns false when it cannot be kept (storage blocked).
 */
export function carryNotice(name: AuthNoticeName, storage = tabStorage()): boolean {
  try {
    storage?.setItem(CARRIED_NOTICE_KEY, name);
    return storage !== null;
  } catch {
    return false;
  }
}

export function dropCarriedNotice(storage = tabStorage()): void {
  try {
    storage?.removeItem(CARRIED_NOTICE_KEY);
  } catch {
    // Nothing was kept.
  }
}

/** The carried notice, once; only one of the app's own auth notices, never text from storage. */
export function takeCarriedNotice(storage = tabStorage()): Notice | null {
  try {
    const name = storage?.getItem(CARRIED_NOTICE_KEY);
    if (!name) return null;
    storage?.removeItem(CARRIED_NOTICE_KEY);
    return Object.hasOwn(AUTH_NOTICES, name) ? AUTH_NOTICES[name as AuthNoticeName] : null;
  } catch {
    return null;
  }
}
