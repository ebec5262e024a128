import { APP_VERSION } from '../../config/constants';
import { env } from '../../config/env';
import type { UserProfile } from '../../state/auth-model';
import { auth } from '../../state/app-state';
import { scrub } from './scrub';

const MAX_REPORTS = 10;
const SAME_MESSAGE_MS = 60_000;
const MAX_STACK_LINES = 20;
const MAX_MESSAGE = 1000;
const MAX_LINE = 500;
const MAX_SCRUBBED = 100_000;

interface ReportDeps {
  beacon?: ((url: string, body: string) => boolean) | null;
  post?: (url: string, init: RequestInit) => Promise<unknown>;
  now?: () => number;
  page?: () => Pick<URL, 'origin' | 'pathname'>;
  profile?: () => Readonly<UserProfile> | null;
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

function clean(value: string, profile: Readonly<UserProfile> | null, max: number): string {
  const bounded = value.length > MAX_SCRUBBED ? value.slice(0, MAX_SCRUBBED).replace(/\S*$/, '') : value;
  return scrub(bounded, profile).slice(0, max);
}

// sendBeacon with a string posts text/plain: a CORS-safelisted type, so no preflight, whatever the collector answers.
export function createErrorReports(
  url: string,
  {
    beacon = typeof navigator.sendBeacon === 'function' ? (to, body) => navigator.sendBeacon(to, body) : null,
    post = (to, init) => fetch(to, init),
    now = Date.now,
    page = () => window.location,
    profile = () => auth?.state.peek().user ?? null,
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
      const user = profile();
      const { name, message, stack } = describe(error);
      const at = now();
      const scrubbed = clean(message, user, MAX_MESSAGE);
      if (!admit(scrubbed, at)) return;
      const { origin, pathname } = page();
      const lines = stack.split('\n', MAX_STACK_LINES).map((line) => clean(line, user, MAX_LINE));
      deliver(
        JSON.stringify({
          message: scrubbed,
          name: clean(name, user, MAX_LINE),
          stack: lines.join('\n'),
          url: clean(origin + pathname, user, MAX_LINE),
          release: APP_VERSION,
          environment,
          time: new Date(at).toISOString(),
          userAgent,
        }),
      );
    }, undefined);
}
