// api/local-api.ts for this process: Node 20 runs no TypeScript, so esbuild (which bundles the Lambda too) compiles it
// into node_modules/.cache/, packages left to node_modules; no loader hooks are registered.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('../..', import.meta.url));
const CACHE = fileURLToPath(new URL('../../node_modules/.cache/snxt-local-api/', import.meta.url));

let loading;

export function loadLocalApi() {
  loading ??= bundleAndImport().catch((error) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

async function bundleAndImport() {
  const { outputFiles } = await build({
    absWorkingDir: root,
    entryPoints: ['api/local-api.ts'],
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
