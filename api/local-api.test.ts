// @vitest-environment node
// The API of `npm start`: its data in a folder survives a restart; in memory it starts empty each time.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { titledResource } from './resource.ts';
import { startTestApi } from './test-api.ts';

const folder = mkdtempSync(join(tmpdir(), 'snxt-local-api-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const caller = { sub: 'someone' };
const resources = { notes: titledResource() };

describe('the local API', () => {
  it('keeps its data in a folder across restarts, and makes its table only the first time', async () => {
    const first = await startTestApi({ dataDir: folder, resources });
    expect(first.api.created).toBe(true);
    const created = await first.call('/notes', caller, { method: 'POST', body: { title: 'Kept' } });
    await first.api.seed(caller.sub, 'notes', [{ title: 'Seeded', description: '' }]);
    await first.close();

    const again = await startTestApi({ dataDir: folder, resources });
    try {
      expect(again.api.created).toBe(false);
      const kept = await again.call(`/notes/${created.body.id}`, caller);
      expect(kept.body).toEqual(created.body);
      expect(kept.headers.etag).toBe(created.headers.etag);
      const all = await again.call('/notes', caller);
      expect(all.body.items.map((note: { title: string }) => note.title)).toEqual(['Kept', 'Seeded']);
    } finally {
      await again.close();
    }
  });

  it('starts empty in memory', async () => {
    const memory = await startTestApi({ resources });
    try {
      expect(memory.api.created).toBe(true);
      expect((await memory.call('/notes', caller)).body.total).toBe(0);
    } finally {
      await memory.close();
    }
  });
});
