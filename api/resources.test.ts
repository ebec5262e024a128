// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { RESOURCES } from './resources.ts';
import { RESOURCE_NAME } from './table.ts';

describe('the table of resources', () => {
  it('names each as a path and a permission can use it, and sorts and searches its own fields', () => {
    for (const [name, resource] of Object.entries(RESOURCES)) {
      expect(name).toMatch(RESOURCE_NAME);
      const fields = [...Object.keys(resource.fields), 'updatedAt'];
      for (const field of [...Object.values(resource.sorts).flat(), ...resource.search]) {
        expect(fields, `${name}: ${field}`).toContain(field);
      }
    }
  });
});
