import { afterEach, describe, expect, it } from 'vitest';
import { AUTH_NOTICES, CARRIED_NOTICE_KEY, takeCarriedNotice } from './auth-notices';

afterEach(() => sessionStorage.clear());

// Sign-out carries it (session.test.ts, "Logout"); the app's next start in this tab takes it.
describe('a notice carried over a page change', () => {
  it('is given out once, in this tab', () => {
    sessionStorage.setItem(CARRIED_NOTICE_KEY, 'signOutIncomplete');
    expect(takeCarriedNotice()).toEqual(AUTH_NOTICES.signOutIncomplete);
    expect(takeCarriedNotice()).toBeNull();
  });

  it('is only ever one of the app’s own notices, whatever storage holds', () => {
    for (const planted of ['<img src=x onerror=alert(1)>', 'toString', '__proto__', 'constructor', '']) {
      sessionStorage.setItem(CARRIED_NOTICE_KEY, planted);
      expect(takeCarriedNotice()).toBeNull();
    }
  });

  it('is none when storage is blocked', () => {
    const blocked = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('SecurityError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(takeCarriedNotice(blocked)).toBeNull();
    expect(takeCarriedNotice(null)).toBeNull();
  });
});
