// Builds the app with a given environment and serves it with `vite preview`, on 127.0.0.1 only.
import { spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const VITE = fileURLToPath(new URL('../../node_modules/vite/bin/vite.js', import.meta.url));

/** A port that was free a moment ago on 127.0.0.1. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });
}

/** Environment with every VITE_* variable of the caller removed, so builds only see what they are given. */
function cleanEnv(extra) {
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('VITE_')));
  return { ...env, ...extra };
}

/**
 * Production build of the app into `outDir` with the given VITE_* variables.
 * @param {string} outDir
 * @param {Record<string, string>} [viteEnv]
 * @param {string} [configFile] a Vite config other than vite.config.ts
 */
export function buildApp(outDir, viteEnv = {}, configFile) {
  const result = spawnSync(
    process.execPath,
    [
      VITE,
      'build',
      '--outDir',
      outDir,
      '--emptyOutDir',
      '--logLevel',
      'warn',
      ...(configFile ? ['--config', configFile] : []),
    ],
    {
      cwd: ROOT,
      env: cleanEnv(viteEnv),
      encoding: 'utf8',
    },
  );
  if (result.status !== 0) throw new Error(`vite build failed for ${outDir}:\n${result.stdout}\n${result.stderr}`);
}

/** Serves a build with `vite preview` (SPA fallback, the configured headers); resolves once it answers. */
export async function startPreview(outDir, port) {
  const child = spawn(
    process.execPath,
    [VITE, 'preview', '--outDir', outDir, '--port', String(port), '--strictPort', '--host', '127.0.0.1'],
    { cwd: ROOT, env: cleanEnv({}), stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`vite preview exited:\n${output}`);
    try {
      if ((await fetch(url)).ok) return { url, stop: () => stopProcess(child) };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill();
  throw new Error(`vite preview did not answer on ${url}:\n${output}`);
}

function stopProcess(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve(undefined);
    child.once('exit', () => resolve(undefined));
    child.kill('SIGTERM');
  });
}
