// npm start's API serves a resource or permission row added while it runs, from the next request, over the same data.
import { watch } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadApiTables } from './load-api.mjs';

const WATCHED = ['../../api/', '../../src/config/'].map((path) => fileURLToPath(new URL(path, import.meta.url)));

/** A source file of the API's tables, not a test. */
export const isApiSource = (file) => /\.ts$/.test(file) && !/\.test\.ts$/.test(file);

/**
 * The local API with its tables reloaded before the first request after a change; `close` stops watching.
 * @param {{ handle: Function, use: Function, close: () => Promise<void> }} api
 * @param {{ folders?: string[], load?: () => Promise<{ RESOURCES: object, PERMISSIONS: object }>,
 *   log?: Pick<Console, 'log' | 'error'> }} [options]
 */
export function liveApi(api, { folders = WATCHED, load = loadApiTables, log = console } = {}) {
  let changed = false;
  const watchers = folders.map((folder) =>
    watch(folder, { recursive: true }, (_event, file) => {
      if (file && isApiSource(file)) changed = true;
    }),
  );
  let reloading = null;
  async function reload() {
    changed = false;
    try {
      const { RESOURCES, PERMISSIONS } = await load();
      api.use(RESOURCES, PERMISSIONS);
      log.log(`[local api] serving ${Object.keys(RESOURCES).join(', ')}`);
    } catch (error) {
      log.error(`[local api] kept the resources it had: ${error instanceof Error ? error.message : error}`);
    }
  }
  return {
    ...api,
    async handle(event) {
      if (changed) reloading ??= reload().finally(() => (reloading = null));
      if (reloading) await reloading;
      return api.handle(event);
    },
    async close() {
      for (const watcher of watchers) watcher.close();
      await api.close();
    },
  };
}
