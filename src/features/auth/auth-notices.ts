import type { Notice } from '../../lib/notice-bus';

export const AUTH_NOTICES = {
  signInFailed: {
    kind: 'error',
    messageId: 'snxt.auth.signInFailed',
    defaultMessage: 'Sign-in did not complete. Please try again.',
  },
  callbackIgnored: {
    kind: 'warning',
    messageId: 'snxt.auth.callbackIgnored',
    defaultMessage: 'That sign-in link is not valid or has already been used. Nothing changed.',
  },
  providerUnavailable: {
    kind: 'error',
    messageId: 'snxt.auth.providerUnavailable',
    defaultMessage: 'The sign-in service cannot be reached right now. Please try again later.',
  },
  signOutIncomplete: {
    kind: 'warning',
    messageId: 'snxt.auth.signOutIncomplete',
    defaultMessage: 'You are signed out here, but the sign-in service could not be reached to end its session.',
  },
  // Until dismissed: whoever reads it has been away.
  signedOutInactive: {
    kind: 'info',
    messageId: 'snxt.auth.signedOutInactive',
    defaultMessage: 'You were signed out because you were inactive.',
    durationMs: 0,
  },
} as const satisfies Record<string, Notice>;

export type AuthNoticeName = keyof typeof AUTH_NOTICES;
type TabStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

// sessionStorage, not `snxt-` (app state): it is for the app's next start in this tab only.
const CARRIED_NOTICE_KEY = 'snxt:auth-notice';

export function tabStorage(): TabStorage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function carryNotice(name: AuthNoticeName, storage = tabStorage()): boolean {
  try {
    const carried = storage?.getItem(CARRIED_NOTICE_KEY)?.split(' ') ?? [];
    storage?.setItem(CARRIED_NOTICE_KEY, [...new Set([...carried, name])].join(' '));
    return storage !== null;
  } catch {
    return false;
  }
}

/** Once, and only the app's own notices: never text from storage. */
export function takeCarriedNotices(storage = tabStorage()): Notice[] {
  try {
    const names = storage?.getItem(CARRIED_NOTICE_KEY);
    if (!names) return [];
    storage?.removeItem(CARRIED_NOTICE_KEY);
    return [...new Set(names.split(' '))]
      .filter((name) => Object.hasOwn(AUTH_NOTICES, name))
      .map((name) => AUTH_NOTICES[name as AuthNoticeName]);
  } catch {
    return [];
  }
}
