// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { groupsMay } from './permissions';

const table = { 'notes:delete': ['editors', 'admins'], 'notes:export': [] };

describe('groupsMay', () => {
  it('grants a permission to any group that holds it', () => {
    expect(groupsMay(['admins'], 'notes:delete', table)).toBe(true);
    expect(groupsMay(['readers', 'editors'], 'notes:delete', table)).toBe(true);
  });

  it('refuses other groups, no groups, and a permission nobody holds', () => {
    expect(groupsMay(['readers'], 'notes:delete', table)).toBe(false);
    expect(groupsMay([], 'notes:delete', table)).toBe(false);
    expect(groupsMay(['editors'], 'notes:export', table)).toBe(false);
  });

  it('refuses permissions the table does not have, inherited names included', () => {
    for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'notes:update']) {
      expect(groupsMay(['editors', '__proto__', 'constructor'], name, table)).toBe(false);
    }
  });
});
