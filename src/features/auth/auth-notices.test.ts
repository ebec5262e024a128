import { afterEach, describe, expect, it } from 'vitest';
import { AUTH_NOTICES, takeCarriedNotices } from './auth-notices';
import { carryNotice } from './carry-notice';
import { IDLE_NOTICES } from './idle/idle-notices';

const CARRIED = 'snxt:auth-notice';

afterEach(() => sessionStorage.clear());

// Sign-out carries them (session.test.ts, "Logout"; the idle sign-out); the app's next start in this tab takes them.
describe('notices carried over a page change', () => {
  it('are given out once, in this tab', () => {
    sessionStorage.setItem(CARRIED, 'signOutIncomplete');
    expect(takeCarriedNotices()).toEqual([AUTH_NOTICES.signOutIncomplete]);
    expect(takeCarriedNotices()).toEqual([]);
  });

  it('keep every notice carried, each once, in the order they came', () => {
    expect(carryNotice('signedOutInactive')).toBe(true);
    expect(carryNotice('signOutIncomplete')).toBe(true);
    expect(carryNotice('signedOutInactive')).toBe(true);
    expect(takeCarriedNotices(sessionStorage, { ...AUTH_NOTICES, ...IDLE_NOTICES })).toEqual([
      IDLE_NOTICES.signedOutInactive,
      AUTH_NOTICES.signOutIncomplete,
    ]);
  });

  it('leave out an idle sign-out’s notice in a build without one', () => {
    carryNotice('signedOutInactive');
    carryNotice('signOutIncomplete');
    expect(takeCarriedNotices()).toEqual([AUTH_NOTICES.signOutIncomplete]);
  });

  it('are only ever the app’s own notices, whatever storage holds', () => {
    for (const planted of ['<img src=x onerror=alert(1)>', 'toString', '__proto__', 'constructor', '', '  ']) {
      sessionStorage.setItem(CARRIED, planted);
      expect(takeCarriedNotices()).toEqual([]);
    }
    sessionStorage.setItem(CARRIED, '__proto__ signOutIncomplete toString signOutIncomplete');
    expect(takeCarriedNotices()).toEqual([AUTH_NOTICES.signOutIncomplete]);
  });

  it('are none when storage is blocked, and carrying says it failed', () => {
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
    expect(takeCarriedNotices(blocked)).toEqual([]);
    expect(takeCarriedNotices(null)).toEqual([]);
    expect(carryNotice('signedOutInactive', blocked)).toBe(false);
    expect(carryNotice('signedOutInactive', null)).toBe(false);
  });
});
