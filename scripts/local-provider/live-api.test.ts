// @vitest-environment node
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isApiSource, liveApi } from './live-api.mjs';

const folder = mkdtempSync(join(tmpdir(), 'snxt-live-api-'));
const event = { rawPath: '/notes' };
const opened: { close: () => Promise<void> }[] = [];
afterEach(async () => {
  for (const api of opened.splice(0)) await api.close();
});

function setUp(load: () => Promise<{ RESOURCES: object; PERMISSIONS: object }>) {
  const api = { handle: vi.fn(async () => ({ statusCode: 200 })), use: vi.fn(), close: vi.fn(async () => {}) };
  const log = { log: vi.fn(), error: vi.fn() };
  const live = liveApi(api, { folders: [folder], load, log });
  opened.push(live);
  return { api, live, log };
}

// A change is seen when the watcher's event arrives; the next request after it reloads.
async function afterChange(file: string, live: { handle: (event: object) => Promise<unknown> }, api: { use: unknown }) {
  writeFileSync(join(folder, file), `export const at = ${Date.now()};`);
  await vi.waitFor(async () => {
    await live.handle(event);
    expect(api.use).toHaveBeenCalled();
  });
}

describe('the API of npm start follows its files', () => {
  it('serves what the tables say after a change, from the next request, over the same API', async () => {
    const tables = { RESOURCES: { notes: {} }, PERMISSIONS: { 'notes:delete': ['snxt-editors'] } };
    const { api, live, log } = setUp(async () => tables);
    await live.handle(event);
    expect(api.use).not.toHaveBeenCalled();
    await afterChange('resources.ts', live, api);
    expect(api.use).toHaveBeenCalledWith(tables.RESOURCES, tables.PERMISSIONS);
    expect(api.handle).toHaveBeenLastCalledWith(event);
    expect(log.log).toHaveBeenCalledWith('[local api] serving notes');
  });

  it('keeps what it served when the files do not load, and says why', async () => {
    const { api, live, log } = setUp(async () => {
      throw new Error('api/resources.ts: Expected ";"');
    });
    writeFileSync(join(folder, 'broken.ts'), 'export const x = ;');
    await vi.waitFor(async () => {
      await live.handle(event);
      expect(log.error).toHaveBeenCalledWith('[local api] kept the resources it had: api/resources.ts: Expected ";"');
    });
    expect(api.use).not.toHaveBeenCalled();
    expect(api.handle).toHaveBeenCalled();
  });

  it('reloads for the sources, not for their tests or other files', () => {
    expect(['resources.ts', 'resources/notes.ts', 'permissions.ts'].map(isApiSource)).toEqual([true, true, true]);
    expect(['notes.test.ts', 'notes.md', 'notes.ts~', 'resources.tsx.swp'].map(isApiSource)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });

  it('closes the API when closed', async () => {
    const { api, live } = setUp(async () => ({ RESOURCES: {}, PERMISSIONS: {} }));
    await live.close();
    expect(api.close).toHaveBeenCalled();
  });
});

process.on('exit', () => rmSync(folder, { recursive: true, force: true }));
