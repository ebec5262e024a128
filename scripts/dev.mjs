// `npm start`: Vite's dev server with the local OpenID provider, so sign-in works with no configuration; with
// VITE_OIDC_AUTHORITY set (environment or .env) the app uses that provider and none is started.
// The local provider also serves the Books API, which the app uses unless VITE_BOOKS_API_URL is set. // example: books
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadEnv } from 'vite';
import { localProviderEnv } from './dev-env.mjs';
import { DEMO_BOOKS } from './local-provider/books-seed.mjs'; // example: books
import { DEMO_ACCOUNT, OUTSIDER_ACCOUNT, startOidcProvider } from './local-provider/oidc-provider.mjs';

const APP_PORT = 5173;
const PREFERRED_PROVIDER_PORT = 5174;
const CLIENT_ID = 'snxt-local';
const root = fileURLToPath(new URL('..', import.meta.url));
const configured = { ...loadEnv('development', root, 'VITE_'), ...process.env };

async function portIsFree(port) {
  const { createServer } = await import('node:net');
  return new Promise((resolve) => {
    const server = createServer().once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

let provider = null;
const env = { ...process.env };
if (!configured.VITE_OIDC_AUTHORITY) {
  const port = (await portIsFree(PREFERRED_PROVIDER_PORT)) ? PREFERRED_PROVIDER_PORT : 0;
  // On localhost: a passkey's relying party is a host name, never an IP address.
  provider = await startOidcProvider({
    port,
    host: 'localhost',
    clientId: CLIENT_ID,
    redirectUris: [`http://localhost:${APP_PORT}/`, `http://127.0.0.1:${APP_PORT}/`],
    apiDataDir: join(root, '.local-api'),
  });
  Object.assign(env, localProviderEnv(provider, CLIENT_ID, configured));
  console.log(
    `Local OpenID provider at ${provider.issuer} — demo account ${DEMO_ACCOUNT.email} / ${DEMO_ACCOUNT.password}` +
      ` (groups ${DEMO_ACCOUNT.groups.join(', ')}), in no group ${OUTSIDER_ACCOUNT.email} / ${OUTSIDER_ACCOUNT.password}`,
  );
  if (env.VITE_API_URL === provider.apiUrl) {
    console.log(`Product API at ${provider.apiUrl}/{resource}, its data in .local-api/`);
  }
  // example: books {
  if (!configured.VITE_BOOKS_API_URL) {
    console.log(
      `Books API at ${provider.booksUrl} — ${DEMO_ACCOUNT.email} starts with ${DEMO_BOOKS.length} books and may delete them` +
        ` (snxt-editors); ${OUTSIDER_ACCOUNT.email} starts with none and may not delete.`,
    );
  }
  // example: books }
}

const vite = spawn(process.execPath, [fileURLToPath(new URL('../node_modules/vite/bin/vite.js', import.meta.url))], {
  cwd: root,
  env,
  stdio: 'inherit',
});

let stopping = false;
async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  vite.kill('SIGTERM');
  await provider?.close();
  process.exit(code);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
vite.on('exit', (code) => void stop(code ?? 0));
