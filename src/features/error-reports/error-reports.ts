import { APP_VERSION } from '../../config/constants';
import { env } from '../../config/env';
import type { KeyValueStorage } from '../../lib/storage';
import { appStorage } from '../../lib/storage';
import { signedInUser, type UserProfile } from '../auth';
import { attempt } from './attempt';
import { claimValues, storedSecrets } from './known-values';
import { scrubber } from './scrub';
import { describeThrown } from './thrown-value';

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
  storage?: () => readonly (KeyValueStorage | undefined)[];
  userAgent?: string;
  environment?: string;
}

const bounded = (value: string, max = MAX_SCRUBBED) =>
  value.length > max ? value.slice(0, max).replace(/\S*$/, '') : value;

type Scrub = (text: string) => string;

const clean = (value: string, scrub: Scrub, max: number): string => scrub(bounded(value)).slice(0, max);

// Scrubbed whole before it is cut into lines: a secret may run over a line break.
function cleanStack(stack: string, scrub: Scrub): string {
  const top = stack.split('\n', 3 * MAX_STACK_LINES).map((line) => bounded(line, 10 * MAX_LINE));
  return scrub(top.join('\n'))
    .split('\n', MAX_STACK_LINES)
    .map((line) => line.slice(0, MAX_LINE))
    .join('\n');
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
    storage = () => [appStorage(), attempt(() => window.sessionStorage, undefined)],
    userAgent = navigator.userAgent,
    environment = env.envName,
  }: ReportDeps = {},
): (error: unknown, context?: string) => void {
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
  return (error, context) =>
    attempt(() => {
      const scrub = scrubber([...claimValues(profile()), ...storage().flatMap(storedSecrets)]);
      const { name, message, stack } = describeThrown(error, context);
      const at = now();
      const scrubbed = clean(message, scrub, MAX_MESSAGE);
      if (!admit(scrubbed, at)) return;
      const { origin, pathname } = page();
      deliver(
        JSON.stringify({
          message: scrubbed,
          name: clean(name, scrub, MAX_LINE),
          stack: cleanStack(stack, scrub),
          url: clean(origin + pathname, scrub, MAX_LINE),
          release: APP_VERSION,
          environment,
          time: new Date(at).toISOString(),
          userAgent,
        }),
      );
    }, undefined);
}
