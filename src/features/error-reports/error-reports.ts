import { APP_VERSION, OIDC_STORE_PREFIX } from '../../config/constants';
import { env } from '../../config/env';
import type { KeyValueStorage } from '../../lib/storage';
import { signedInUser, type UserProfile } from '../auth';
import { appStorage } from '../../lib/storage';
import { scrub } from './scrub';

const MAX_REPORTS = 10;
const SAME_MESSAGE_MS = 60_000;
const MAX_STACK_LINES = 20;
const MAX_MESSAGE = 1000;
const MAX_LINE = 500;
const MAX_SCRUBBED = 100_000;
const STORED_SECRETS = ['access_token', 'id_token', 'refresh_token', 'code_verifier'];
const PUBLIC_CLAIMS = new Set(['locale', 'zoneinfo', 'updated_at', 'email_verified', 'phone_number_verified']);

interface ReportDeps {
  beacon?: ((url: string, body: string) => boolean) | null;
  post?: (url: string, init: RequestInit) => Promise<unknown>;
  now?: () => number;
  page?: () => Pick<URL, 'origin' | 'pathname'>;
  profile?: () => Readonly<UserProfile> | null;
  storage?: () => KeyValueStorage | undefined;
  userAgent?: string;
  environment?: string;
}

function attempt<T>(run: () => T, fallback: T): T {
  try {
    return run();
  } catch {
    return fallback;
  }
}

const text = (value: unknown): string => attempt(() => (value == null ? '' : String(value)), '');

function describe(error: unknown): { name: string; message: string; stack: string } {
  return attempt(
    () => {
      if (typeof error !== 'object' || error === null || !('message' in error)) {
        const message = typeof error === 'object' && error ? attempt(() => JSON.stringify(error), '') : text(error);
        return { name: typeof error, message: message || text(error), stack: '' };
      }
      const { name, message, stack } = error as Partial<Record<'name' | 'message' | 'stack', unknown>>;
      return { name: text(name) || 'Error', message: text(message), stack: text(stack) };
    },
    { name: 'Error', message: 'An error that cannot be read', stack: '' },
  );
}

function clean(value: string, secrets: readonly string[], max: number): string {
  const bounded = value.length > MAX_SCRUBBED ? value.slice(0, MAX_SCRUBBED).replace(/\S*$/, '') : value;
  return scrub(bounded, secrets).slice(0, max);
}

function profileValues(profile: Readonly<UserProfile> | null): string[] {
  return Object.entries(profile ?? {})
    .filter(([claim, value]) => typeof value === 'string' && !PUBLIC_CLAIMS.has(claim))
    .map(([, value]) => value as string);
}

function storedSecrets(storage: KeyValueStorage | undefined): string[] {
  const found: string[] = [];
  for (let index = 0; storage && index < storage.length; index++) {
    const key = storage.key(index);
    if (!key?.startsWith(OIDC_STORE_PREFIX)) continue;
    const entry: unknown = attempt(() => JSON.parse(storage.getItem(key) ?? 'null'), null);
    if (typeof entry !== 'object' || entry === null) continue;
    const record = entry as Record<string, unknown>;
    for (const field of STORED_SECRETS) if (typeof record[field] === 'string') found.push(record[field]);
  }
  return found;
}

// sendBeacon with a string posts text/plain: a CORS-safelisted type, so no preflight, whatever the collector answers.
export function createErrorReports(
  url: string,
  {
    beacon = typeof navigator.sendBeacon === 'function' ? (to, body) => navigator.sendBeacon(to, body) : null,
    post = (to, init) => fetch(to, init),
    now = Date.now,
    page = () => window.location,
    profile = signedInUser,
    storage = () => appStorage(),
    userAgent = navigator.userAgent,
    environment = env.envName,
  }: ReportDeps = {},
): (error: unknown) => void {
  let sent = 0;
  const lastSent = new Map<string, number>();

  const admit = (message: string, at: number): boolean => {
    const last = lastSent.get(message);
    if (sent >= MAX_REPORTS || (last !== undefined && at - last < SAME_MESSAGE_MS)) return false;
    lastSent.set(message, at);
    sent += 1;
    return true;
  };

  const deliver = (body: string) => {
    if (attempt(() => beacon?.(url, body) === true, false)) return;
    const init: RequestInit = { method: 'POST', body, keepalive: true, mode: 'no-cors', credentials: 'omit' };
    attempt(() => void post(url, init).catch(() => undefined), undefined);
  };

  // Never throws and never reports its own failure: that would loop through the door it listens to.
  return (error) =>
    attempt(() => {
      const secrets = [...profileValues(profile()), ...storedSecrets(storage())];
      const { name, message, stack } = describe(error);
      const at = now();
      const scrubbed = clean(message, secrets, MAX_MESSAGE);
      if (!admit(scrubbed, at)) return;
      const { origin, pathname } = page();
      const lines = stack.split('\n', MAX_STACK_LINES).map((line) => clean(line, secrets, MAX_LINE));
      deliver(
        JSON.stringify({
          message: scrubbed,
          name: clean(name, secrets, MAX_LINE),
          stack: lines.join('\n'),
          url: clean(origin + pathname, secrets, MAX_LINE),
          release: APP_VERSION,
          environment,
          time: new Date(at).toISOString(),
          userAgent,
        }),
      );
    }, undefined);
}
