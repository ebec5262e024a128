import { afterEach, describe, expect, it } from 'vitest';
import { AUTH_NOTICES, CARRIED_NOTICE_KEY, takeCarriedNotice } from './notices';
import { carryNotice, dropCarriedNotice } from './session/sign-out';

afterEach(() => sessionStorage.clear());

describe('a notice carried over a page change', () => {
  it('is given out once, in this tab', () => {
    expect(carryNotice('signOutIncomplete')).toBe(true);
    expect(takeCarriedNotice()).toEqual(AUTH_NOTICES.signOutIncomplete);
    expect(takeCarriedNotice()).toBeNull();
  });

  it('can be dropped when the page stays after all', () => {
    carryNotice('signOutIncomplete');
    dropCarriedNotice();
    expect(takeCarriedNotice()).toBeNull();
  });

  it('is only ever one of the app’s own notices, whatever storage holds', () => {
    for (const planted of ['<img src=x onerror=alert(1)>', 'toString', '__proto__', 'constructor', '']) {
      sessionStorage.setItem(CARRIED_NOTICE_KEY, planted);
      expect(takeCarriedNotice()).toBeNull();
    }
  });

  it('says it could not be kept when storage is blocked', () => {
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
    expect(carryNotice('signOutIncomplete', blocked)).toBe(false);
    expect(carryNotice('signOutIncomplete', null)).toBe(false);
    expect(takeCarriedNotice(blocked)).toBeNull();
    expect(() => dropCarriedNotice(blocked)).not.toThrow();
  });
});
