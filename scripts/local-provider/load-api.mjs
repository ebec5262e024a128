// api/local-api.ts (and, again after a change, the resource and permission tables) for this process: Node 20 runs no
// TypeScript, so esbuild (which bundles the Lambda too) compiles it into node_modules/.cache/; no loader hooks.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('../..', import.meta.url));
const CACHE = fileURLToPath(new URL('../../node_modules/.cache/snxt-local-api/', import.meta.url));

const TABLES = `export { RESOURCES } from './api/resources.ts';
export { PERMISSIONS } from './src/config/permissions.ts';`;

let loading;

export function loadLocalApi() {
  loading ??= bundleAndImport({ entryPoints: ['api/local-api.ts'] }).catch((error) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/** The resources and permissions as the files say now: `{ RESOURCES, PERMISSIONS }`. */
export const loadApiTables = () => bundleAndImport({ stdin: { contents: TABLES, resolveDir: root, loader: 'ts' } });

async function bundleAndImport(entry) {
  const { outputFiles } = await build({
    absWorkingDir: root,
    ...entry,
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'inline',
    write: false,
    logLevel: 'silent',
  });
  const code = outputFiles[0].text;
  const file = `${CACHE}local-api-${createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`;
  if (!existsSync(file)) {
    mkdirSync(CACHE, { recursive: true });
    const partial = `${file}.${process.pid}.tmp`;
    writeFileSync(partial, code);
    renameSync(partial, file);
  }
  return import(pathToFileURL(file).href);
}
