// Builds the app with a given environment and serves it with `vite preview`, on 127.0.0.1 only.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const VITE = fileURLToPath(new URL('../../node_modules/vite/bin/vite.js', import.meta.url));

/**
 * Holds a free port on 127.0.0.1 until `release`: a port only looked up is free to the next taker, and an outgoing
 * connection takes ports from the same range (a build minutes long gave one the port its preview was to use).
 * @returns {Promise<{ port: number, release: () => Promise<void> }>}
 */
export function holdPort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
      const release = () => new Promise((done) => (server.listening ? server.close(() => done()) : done()));
      resolve({ port, release });
    });
  });
}

/** A port that was free a moment ago on 127.0.0.1, for a server started at once. */
export async function freePort() {
  const { port, release } = await holdPort();
  await release();
  return port;
}

/** Environment with every VITE_* variable of the caller removed, so builds only see what they are given. */
function cleanEnv(extra) {
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('VITE_')));
  return { ...env, ...extra };
}

/**
 * Production build of the app into `outDir` with the given VITE_* variables, in a process of its own.
 * @param {string} outDir
 * @param {Record<string, string>} [viteEnv]
 * @param {string} [configFile] a Vite config other than vite.config.ts
 * @returns {Promise<void>}
 */
export function buildApp(outDir, viteEnv = {}, configFile) {
  const args = [VITE, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'];
  if (configFile) args.push('--config', configFile);
  const child = spawn(process.execPath, args, { cwd: ROOT, env: cleanEnv(viteEnv), stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`vite build failed for ${outDir}:\n${output}`)),
    );
  });
}

/**
 * Runs `task` for every item, at most `limit` at a time. Once all have settled, rejects with the first failure.
 * @template T
 * @param {readonly T[]} items
 * @param {number} limit
 * @param {(item: T) => Promise<unknown>} task
 */
export async function eachAtMost(items, limit, task) {
  const queue = [...items];
  const failures = [];
  const lane = async () => {
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) {
      await task(item).catch((error) => failures.push(error));
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, lane));
  if (failures.length > 0) throw failures[0];
}

/**
 * Serves a build as `vite preview` does (SPA fallback, the configured headers), inside this process: no Node and no
 * config of its own to start, which the e2e setup, serving every variant, would pay for each.
 * @param {string} outDir
 * @param {number} port
 */
export async function servePreview(outDir, port) {
  const { preview } = await import('vite');
  const server = await preview({
    root: ROOT,
    logLevel: 'warn',
    build: { outDir },
    preview: { port, strictPort: true, host: '127.0.0.1' },
  });
  return { url: `http://127.0.0.1:${port}`, stop: () => server.close() };
}

/** Serves a build with `vite preview` in a process of its own; resolves once it answers. */
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
