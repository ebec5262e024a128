import { identityEndpointOf, regionOfId } from './cognito-identity-pool.mjs';
import { checkErrorReportUrl, LOOPBACK_HOSTS } from './error-report-url.mjs';
import { checkI18nPrefix } from './i18n-prefix.mjs';

// Checked at build time (vite.config.ts; the bundle gets the result): an invalid value is one console error, its feature off.
export interface AppEnv {
  appName: string;
  appShortName: string;
  envName: string;
  production: boolean;
  test: boolean;
  i18nPrefix: string;
  oidc: OidcEnv | null;
  cognitoIdentity: CognitoIdentityEnv | null;
  gaMeasurementId: string | null;
  authRequired: boolean;
  apiOrigins: ApiOrigins;
  errorReportUrl: string | null;
  /** The product API's base: a resource `name` is at `{apiUrl}/{name}`. */
  apiUrl: string | null;
  booksApiUrl: string | null; // example: books
  idleTimeoutMinutes?: number;
}

export interface ApiOrigins {
  self: boolean;
  /** As `URL.origin` spells them: lower case, IDNA (punycode), no default port. */
  origins: readonly string[];
}

const NO_API_ORIGINS: ApiOrigins = Object.freeze({ self: false, origins: Object.freeze([]) });

export interface OidcEnv {
  authority: string;
  clientId: string;
  scope: string;
  /** Cognito hosted-UI origin; when set, sign-out uses its /logout instead of end_session_endpoint. */
  cognitoDomain: string | null;
}

export interface CognitoIdentityEnv {
  identityPoolId: string;
  region: string;
  endpoint: string;
}

export type RawEnv = Record<string, string | boolean | undefined>;

const DEFAULT_SCOPE = 'email profile openid';
export const GA_ID_PATTERN = /^G-[A-Z0-9]{4,}$/;

function text(raw: RawEnv, name: string): string | undefined {
  const value = raw[name];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

let report = (message: string) => console.error(message);

function invalid(name: string, reason: string): null {
  report(`Invalid configuration ${name}: ${reason}. The feature it configures is off.`);
  return null;
}

// Plain http only to loopback in production: tokens and sign-in answers must not cross a network unencrypted.
function checkUrl(name: string, value: string, production: boolean): URL | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return invalid(name, `"${value}" is not a URL`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return invalid(name, 'must be an http(s) URL');
  }
  if (production && url.protocol === 'http:' && !LOOPBACK_HOSTS.has(url.hostname)) {
    return invalid(name, `must use https in a production build ("${value}" is plain http and not loopback)`);
  }
  return url;
}

function parseUrl(name: string, value: string, production: boolean): string | null {
  return checkUrl(name, value, production) && value.replace(/\/+$/, '');
}

function parseOidc(raw: RawEnv, production: boolean): OidcEnv | null {
  const authorityText = text(raw, 'VITE_OIDC_AUTHORITY');
  if (!authorityText) return null;
  const authority = parseUrl('VITE_OIDC_AUTHORITY', authorityText, production);
  if (!authority) return null;
  const clientId = text(raw, 'VITE_OIDC_CLIENT_ID');
  if (!clientId) return invalid('VITE_OIDC_CLIENT_ID', 'is required when VITE_OIDC_AUTHORITY is set');
  const scope = text(raw, 'VITE_OIDC_SCOPE') ?? DEFAULT_SCOPE;
  if (!scope.split(/\s+/).includes('openid')) {
    return invalid('VITE_OIDC_SCOPE', 'must include "openid"');
  }
  const domainText = text(raw, 'VITE_COGNITO_DOMAIN');
  let cognitoDomain: string | null = null;
  if (domainText) {
    cognitoDomain = parseUrl('VITE_COGNITO_DOMAIN', domainText, production);
    // A broken logout URL would strand users signed in at the provider, so sign-in goes off too.
    if (!cognitoDomain) return null;
  }
  return { authority, clientId, scope, cognitoDomain };
}

function parseAuthRequired(raw: RawEnv, oidc: OidcEnv | null): boolean {
  const value = text(raw, 'VITE_AUTH_REQUIRED')?.toLowerCase() ?? 'false';
  if (value !== 'true' && value !== 'false') {
    invalid('VITE_AUTH_REQUIRED', `"${value}" is not true or false`);
    return false;
  }
  if (value === 'true' && !oidc) {
    invalid('VITE_AUTH_REQUIRED', 'needs sign-in (VITE_OIDC_AUTHORITY and VITE_OIDC_CLIENT_ID, valid)');
    return false;
  }
  return value === 'true';
}

const IDLE_TIMEOUT = { minMinutes: 2, maxMinutes: 1440 };

function parseIdleTimeout(raw: RawEnv, oidc: OidcEnv | null): number | null {
  const value = text(raw, 'VITE_IDLE_TIMEOUT_MINUTES');
  if (value === undefined) return null;
  const { minMinutes, maxMinutes } = IDLE_TIMEOUT;
  const minutes = /^\d{1,4}$/.test(value) ? Number(value) : NaN;
  if (!(minutes >= minMinutes && minutes <= maxMinutes)) {
    return invalid(
      'VITE_IDLE_TIMEOUT_MINUTES',
      `"${value}" is not a whole number of minutes from ${minMinutes} to ${maxMinutes}`,
    );
  }
  if (!oidc)
    return invalid('VITE_IDLE_TIMEOUT_MINUTES', 'needs sign-in (VITE_OIDC_AUTHORITY and VITE_OIDC_CLIENT_ID, valid)');
  return minutes;
}

const withIdleTimeout = (minutes: number | null) => (minutes === null ? {} : { idleTimeoutMinutes: minutes });

// Exactly `scheme://host[:port]`: a path would suggest the token stays under it (it goes to the whole origin), userinfo
// or a wildcard can make an entry read as another host, and `null` is the opaque origin of sandboxed frames.
function parseApiOrigin(entry: string, production: boolean): string | null {
  if (!/^https?:\/\/[^*?#@]+$/i.test(entry)) return null;
  try {
    const url = new URL(entry);
    if (url.pathname !== '/' || !url.hostname) return null;
    if (production && url.protocol === 'http:' && !LOOPBACK_HOSTS.has(url.hostname)) return null;
    return url.origin;
  } catch {
    return null;
  }
}

function parseApiOrigins(raw: RawEnv, production: boolean): ApiOrigins {
  const entries = (text(raw, 'VITE_API_ORIGINS') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  let self = false;
  const origins = new Set<string>();
  for (const entry of entries) {
    if (entry.toLowerCase() === 'self') self = true;
    else {
      const origin = parseApiOrigin(entry, production);
      if (!origin) {
        invalid(
          'VITE_API_ORIGINS',
          `"${entry}" is not "self" or an origin (https://host[:port]; http only on loopback in production)`,
        );
        return NO_API_ORIGINS;
      }
      origins.add(origin);
    }
  }
  return { self, origins: [...origins] };
}

function parseCognitoIdentity(raw: RawEnv, production: boolean): CognitoIdentityEnv | null {
  const identityPoolId = text(raw, 'VITE_COGNITO_IDENTITY_POOL_ID');
  if (!identityPoolId) return null;
  const region = regionOfId(identityPoolId);
  if (!region) return invalid('VITE_COGNITO_IDENTITY_POOL_ID', `"${identityPoolId}" is not {region}:{uuid}`);
  const endpointText = text(raw, 'VITE_COGNITO_IDENTITY_ENDPOINT');
  if (!endpointText) return { identityPoolId, region, endpoint: identityEndpointOf(region) };
  // The path is kept as given: the API answers at exactly that URL.
  const endpoint = checkUrl('VITE_COGNITO_IDENTITY_ENDPOINT', endpointText, production);
  return endpoint && { identityPoolId, region, endpoint: endpoint.href };
}

function parseGaId(raw: RawEnv): string | null {
  const id = text(raw, 'VITE_GA_MEASUREMENT_ID');
  if (!id) return null;
  return GA_ID_PATTERN.test(id) ? id : invalid('VITE_GA_MEASUREMENT_ID', `"${id}" is not a G-XXXX id`);
}

function parseErrorReportUrl(raw: RawEnv, production: boolean): string | null {
  const value = text(raw, 'VITE_ERROR_REPORT_URL');
  if (!value) return null;
  return checkErrorReportUrl(value, production, (problem: string) => invalid('VITE_ERROR_REPORT_URL', problem));
}

// A base the client appends paths to: no credentials (they would leave with every call), query or fragment.
function parseApiBase(raw: RawEnv, name: string, production: boolean): string | null {
  const value = text(raw, name);
  if (!value) return null;
  const url = checkUrl(name, value, production);
  if (!url) return null;
  if (url.username || url.password || url.search || url.hash || value.includes('?') || value.includes('#')) {
    return invalid(name, 'must be a plain URL, without credentials, query or fragment');
  }
  return url.href.replace(/\/+$/, '');
}

// An API's origin receives the access token.
const withApiOrigin = (api: ApiOrigins, base: string | null): ApiOrigins =>
  base ? { ...api, origins: [...new Set([...api.origins, new URL(base).origin])] } : api;

function parseI18nPrefix(raw: RawEnv, production: boolean): string {
  const prefix = text(raw, 'VITE_I18N_PREFIX');
  if (!prefix) return '';
  return checkI18nPrefix(prefix, production, (problem: string) => invalid('VITE_I18N_PREFIX', problem)) ?? '';
}

const MAX_NAME_LENGTH = 100;

// Shown in titles, the toolbar and the web manifest: one line of text.
function parseName(raw: RawEnv, name: string, fallback: string): string {
  const value = text(raw, name);
  if (value === undefined) return fallback;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f-\u009f]/.test(value) || [...value].length > MAX_NAME_LENGTH) {
    report(
      `Invalid configuration ${name}: expected one line of at most ${MAX_NAME_LENGTH} characters. Using "${fallback}".`,
    );
    return fallback;
  }
  return value;
}

export function parseEnv(raw: RawEnv, onProblem?: (message: string) => void): AppEnv {
  const previous = report;
  if (onProblem) report = onProblem;
  try {
    return readEnv(raw);
  } finally {
    report = previous;
  }
}

function readEnv(raw: RawEnv): AppEnv {
  const mode = typeof raw.MODE === 'string' ? raw.MODE : 'production';
  const test = mode === 'test';
  const production = raw.PROD === true && !test;
  const defaultEnvName = test ? 'TEST' : production ? 'PROD' : 'DEV';
  const oidc = parseOidc(raw, production);
  const env: AppEnv = {
    appName: parseName(raw, 'VITE_APP_NAME', 'Starter Next'),
    appShortName: parseName(raw, 'VITE_APP_SHORT_NAME', 'Snxt'),
    envName: (text(raw, 'VITE_ENV_NAME') ?? defaultEnvName).toUpperCase(),
    production,
    test,
    i18nPrefix: parseI18nPrefix(raw, production),
    oidc,
    cognitoIdentity: parseCognitoIdentity(raw, production),
    gaMeasurementId: parseGaId(raw),
    authRequired: parseAuthRequired(raw, oidc),
    apiOrigins: parseApiOrigins(raw, production),
    errorReportUrl: parseErrorReportUrl(raw, production),
    apiUrl: parseApiBase(raw, 'VITE_API_URL', production),
    booksApiUrl: parseApiBase(raw, 'VITE_BOOKS_API_URL', production), // example: books
    ...withIdleTimeout(parseIdleTimeout(raw, oidc)),
  };
  env.apiOrigins = withApiOrigin(env.apiOrigins, env.apiUrl);
  env.apiOrigins = withApiOrigin(env.apiOrigins, env.booksApiUrl); // example: books
  return env;
}
