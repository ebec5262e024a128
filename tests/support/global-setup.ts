import { rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { buildApp, eachAtMost, freePort, holdPort, servePreview } from './app-servers.mjs';
import { startErrorCollector } from './error-collector.mjs';
import { findBrowser, HOW_TO_GET_A_BROWSER } from './find-browser.mjs';
import { startOidcProvider } from '../../scripts/local-provider/oidc-provider.mjs';

/**
 * Builds the app in its configurations and serves each with `vite preview`, next to real local
 * OpenID providers. Tests read the addresses from E2E_* variables (see fixtures.ts).
 *   main:      sign-in through the local provider's standard end_session_endpoint, and its
 *              identity pool (guests allowed, credentials for an hour), and its product API (VITE_API_URL)
 *              and the Books example on its API // example: books
 *   cognito:   the same with VITE_COGNITO_DOMAIN set (sign-out through /logout?client_id&logout_uri)
 *   analytics: VITE_GA_MEASUREMENT_ID set, no sign-in
 *   bare:      nothing configured
 *   required:  mandatory sign-in (VITE_AUTH_REQUIRED), the app's own origin an API origin (VITE_API_ORIGINS=self)
 *   identity:  sign-in and identity pool of a second provider whose pool refuses guests and
 *              hands out credentials lasting IDENTITY_CREDENTIALS_TTL seconds
 *   reports:   sign-in, error and CSP violation reports sent to a local collector (VITE_ERROR_REPORT_URL)
 *   groups:    as main without a pool, but /profile requires a permission of the group snxt-demo-users and has a
 *              navigation entry (vite-profile-for-a-group.config.ts): a page for one permission, from in and outside
 *   idle:      sign-in with an idle sign-out after IDLE_TIMEOUT_MINUTES (VITE_IDLE_TIMEOUT_MINUTES)
 * groups, idle and reports are one build (SHARED_BUILDS).
 * The main provider also serves the Books API; a test that writes books signs in as its own copy of the demo or // example: books
 * outsider account (`POST {E2E_OIDC_ISSUER}/test/accounts` with {"like": "demo"}), so parallel tests never share books. // example: books
 */
export const VARIANTS = [
  'main',
  'cognito',
  'analytics',
  'bare',
  'required',
  'identity',
  'reports',
  'groups',
  'idle',
] as const;
type Variant = (typeof VARIANTS)[number];
const CONFIG_FILES: Partial<Record<Variant, string>> = {
  groups: 'tests/support/vite-profile-for-a-group.config.ts',
};
/**
 * Variants served by another's build, at its address: each adds one feature to plain sign-in (a page for a group,
 * idle sign-out, error reports), and no test of one meets the others' (none stays idle for minutes, none counts
 * reports it did not mark, the demo account is in the group). Every build shared saves one production build.
 */
const SHARED_BUILDS: Partial<Record<Variant, Variant>> = { idle: 'groups', reports: 'groups' };
const buildOf = (variant: Variant): Variant => SHARED_BUILDS[variant] ?? variant;
export const OIDC_CLIENT_ID = 'snxt-e2e';
export const GA_MEASUREMENT_ID = 'G-E2ETEST01';
export const IDENTITY_CREDENTIALS_TTL = 8;
const IDLE_TIMEOUT_MINUTES = 3;
/** A build keeps about one core busy: as many at once as there are cores. */
const BUILDS_AT_ONCE = availableParallelism();

/** All of them, or while working on a few specs the ones they use: `E2E_VARIANTS=main,idle npx playwright test …`. */
function variantsToBuild(): readonly Variant[] {
  const wanted = process.env.E2E_VARIANTS?.split(',').map((name) => name.trim()) ?? VARIANTS;
  const unknown = wanted.filter((name) => !VARIANTS.some((variant) => variant === name));
  if (unknown.length > 0) throw new Error(`E2E_VARIANTS names unknown variants: ${unknown.join(', ')}`);
  return VARIANTS.filter(
    (name) => buildOf(name) === name && VARIANTS.some((each) => wanted.includes(each) && buildOf(each) === name),
  );
}

export default async function globalSetup() {
  if (!findBrowser()) throw new Error(HOW_TO_GET_A_BROWSER);
  // The previews run in this process: none of the caller's VITE_* variables reaches them (nor a build).
  for (const name of Object.keys(process.env)) if (name.startsWith('VITE_')) Reflect.deleteProperty(process.env, name);
  const builds = VARIANTS.filter((name) => buildOf(name) === name);
  // Held while the builds run, each let go just before its preview listens on it.
  const held = Object.fromEntries(await Promise.all(builds.map(async (name) => [name, await holdPort()]))) as Record<
    Variant,
    Awaited<ReturnType<typeof holdPort>>
  >;
  const ports = Object.fromEntries(VARIANTS.map((name) => [name, held[buildOf(name)].port])) as Record<Variant, number>;
  const origins = builds.map((name) => `http://127.0.0.1:${ports[name]}/`);
  const provider = await startOidcProvider({
    port: await freePort(),
    host: 'localhost', // passkeys need a host name (passkeys.spec.ts)
    redirectUris: origins,
    clientId: OIDC_CLIENT_ID,
    testAccounts: true, // example: books
  });
  // Pool options belong to a provider: short-lived credentials and no guests need a second one.
  const identityProvider = await startOidcProvider({
    port: await freePort(),
    redirectUris: [`http://127.0.0.1:${ports.identity}/`],
    clientId: OIDC_CLIENT_ID,
    identityAllowGuests: false,
    identityCredentialsTtl: IDENTITY_CREDENTIALS_TTL,
  });
  const collector = await startErrorCollector({
    port: await freePort(),
    appOrigins: [`http://127.0.0.1:${ports.reports}`],
  });

  const oidc = { VITE_OIDC_AUTHORITY: provider.issuer, VITE_OIDC_CLIENT_ID: OIDC_CLIENT_ID };
  const pool = (of: typeof provider) => ({
    VITE_COGNITO_IDENTITY_POOL_ID: of.identityPoolId,
    VITE_COGNITO_IDENTITY_ENDPOINT: of.identityEndpoint,
  });
  const variantEnv: Record<Variant, Record<string, string>> = {
    main: {
      ...oidc,
      ...pool(provider),
      VITE_API_URL: provider.apiUrl,
      VITE_BOOKS_API_URL: provider.booksUrl, // example: books
    },
    cognito: { ...oidc, VITE_COGNITO_DOMAIN: provider.issuer },
    analytics: { VITE_GA_MEASUREMENT_ID: GA_MEASUREMENT_ID },
    bare: {},
    required: { ...oidc, VITE_AUTH_REQUIRED: 'true', VITE_API_ORIGINS: 'self' },
    identity: {
      VITE_OIDC_AUTHORITY: identityProvider.issuer,
      VITE_OIDC_CLIENT_ID: OIDC_CLIENT_ID,
      ...pool(identityProvider),
    },
    reports: { ...oidc, VITE_ERROR_REPORT_URL: collector.url },
    groups: oidc,
    idle: { ...oidc, VITE_IDLE_TIMEOUT_MINUTES: String(IDLE_TIMEOUT_MINUTES) },
  };
  const buildEnv = (build: Variant) =>
    Object.assign({}, ...VARIANTS.filter((name) => buildOf(name) === build).map((name) => variantEnv[name]));

  const stops: (() => Promise<unknown>)[] = [
    provider.close,
    identityProvider.close,
    collector.close,
    ...Object.values(held).map((port) => port.release),
  ];
  try {
    // Each variant is served as soon as it is built, while the next ones build.
    await eachAtMost(variantsToBuild(), BUILDS_AT_ONCE, async (name) => {
      const outDir = `.e2e/${name}`;
      await buildApp(outDir, buildEnv(name), CONFIG_FILES[name]);
      await held[name].release();
      const preview = await servePreview(outDir, ports[name]);
      stops.push(preview.stop);
      for (const variant of VARIANTS.filter((each) => buildOf(each) === name)) {
        process.env[`E2E_${variant.toUpperCase()}_URL`] = preview.url;
        process.env[`E2E_${variant.toUpperCase()}_DIR`] = outDir;
      }
    });
  } catch (error) {
    await Promise.all(stops.map((stop) => stop()));
    throw error;
  }
  process.env.E2E_OIDC_ISSUER = provider.issuer;
  process.env.E2E_OIDC_CLIENT_ID = OIDC_CLIENT_ID;
  process.env.E2E_IDENTITY_ENDPOINT = provider.identityEndpoint;
  process.env.E2E_IDENTITY_POOL_ID = provider.identityPoolId;
  process.env.E2E_STRICT_ISSUER = identityProvider.issuer;
  process.env.E2E_STRICT_IDENTITY_ENDPOINT = identityProvider.identityEndpoint;
  process.env.E2E_STRICT_CREDENTIALS_TTL = String(IDENTITY_CREDENTIALS_TTL);
  process.env.E2E_GA_MEASUREMENT_ID = GA_MEASUREMENT_ID;
  process.env.E2E_COLLECTOR_URL = collector.url;
  process.env.E2E_IDLE_TIMEOUT_MINUTES = String(IDLE_TIMEOUT_MINUTES);

  return async () => {
    await Promise.all(stops.map((stop) => stop()));
    rmSync('.e2e', { recursive: true, force: true });
  };
}
