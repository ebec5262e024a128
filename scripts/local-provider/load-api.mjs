// Loads the product API's TypeScript (api/local-api.ts) into this Node process: esbuild, the bundler CDK's
// NodejsFunction runs for the Lambda, compiles it into one module under node_modules/.cache/, named by its content,
// with the packages left to node_modules. Node 20 runs no TypeScript itself, and no loader hooks are registered.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('../..', import.meta.url));
const CACHE = fileURLToPath(new URL('../../node_modules/.cache/snxt-local-api/', import.meta.url));

/** @type {Promise<typeof import('../../api/local-api.ts')> | undefined} */
let loading;

/** Once per process (every provider shares the module); a failed build is tried again next time. */
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
    // Written aside then renamed: another process loading the same build never reads half a file.
    const partial = `${file}.${process.pid}.tmp`;
    writeFileSync(partial, code);
    renameSync(partial, file);
  }
  return import(pathToFileURL(file).href);
}
