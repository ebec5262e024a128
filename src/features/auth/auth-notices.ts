import type { Notice } from '../../lib/notice-bus';
import { IDLE_NOTICES } from './idle/idle-notices';

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
} as const satisfies Record<string, Notice>;

// What a sign-out can carry over the provider's page; an idle sign-out's notice only in builds with one.
const CARRIED_NOTICES: Record<string, Notice> = __IDLE_TIMEOUT_MINUTES__
  ? { ...AUTH_NOTICES, ...IDLE_NOTICES }
  : AUTH_NOTICES;

export type CarriedNoticeName = keyof typeof AUTH_NOTICES | keyof typeof IDLE_NOTICES;
type TabStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

// sessionStorage, not `snxt-` (app state): it is for the app's next start in this tab only.
export const CARRIED_NOTICE_KEY = 'snxt:auth-notice';

export function tabStorage(): TabStorage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** Once, and only the app's own notices: never text from storage. */
export function takeCarriedNotices(storage = tabStorage(), known = CARRIED_NOTICES): Notice[] {
  try {
    const names = new Set(storage?.getItem(CARRIED_NOTICE_KEY)?.split(' '));
    storage?.removeItem(CARRIED_NOTICE_KEY);
    return [...names].filter((name) => Object.hasOwn(known, name)).map((name) => known[name] as Notice);
  } catch {
    return [];
  }
}
