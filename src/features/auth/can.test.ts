import { describe, expect, it } from 'vitest';
import { PERMISSIONS, type Permission } from '../../config/permissions';
import { startTestState } from '../../test/test-state';
import { auth } from './auth-model';
import { can } from './can';

// Whatever rows a repository's table holds: each permission against a group that holds it and one that does not.
const rows = Object.entries(PERMISSIONS) as [Permission, readonly string[]][];

describe('can', () => {
  it('holds every permission of a group the signed-in user is in', () => {
    for (const [permission, groups] of rows) {
      startTestState({ stored: { 'snxt-AUTH': { isAuthenticated: true, user: { sub: 'u1', groups: [...groups] } } } });
      expect(can(permission)).toBe(groups.length > 0);
    }
  });

  it('holds none without the group, and none signed out', () => {
    startTestState({
      stored: { 'snxt-AUTH': { isAuthenticated: true, user: { sub: 'u1', groups: ['snxt-nobody-has-this'] } } },
    });
    for (const [permission] of rows) expect(can(permission)).toBe(false);
    auth().logout();
    for (const [permission] of rows) expect(can(permission)).toBe(false);
  });
});
