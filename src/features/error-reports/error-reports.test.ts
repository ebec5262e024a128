import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { createMemoryStorage, runAppStorage } from '../../lib/storage';
import { createErrorReports } from './error-reports';

const COLLECTOR = 'https://errors.example.com/r';
const START = Date.parse('2026-11-24T10:00:00Z');
const CODE = 'SplxlOBeZQQYbYS6WxSbIA';
const STATE = 'af0ifjsldkjXyZ';
const PAGE = `https://app.example.com/settings?code=${CODE}&state=${STATE}#top`;
const JWT =
  'eyJhbGciOiJSUzI1NiIsImtpZCI6IjEifQ.eyJzdWIiOiIyNDhjOGQ5Ny0xYjJjIiwiZW1haWwiOiJkZW1vQHNueHQuZGV2In0.c2lnbmF0dXJlLXNpZ25hdHVyZS1zaWduYXR1cmU';
const OPAQUE_TOKEN = 'b5vbMtpIbzlBdAUmc_xGk1EoZ8SCU3mNQpYWBbLwwXj';
const PROFILE = {
  sub: '248c8d97-1b2c-4f7e-9a51-0a8f6f3c2d11',
  email: 'demo@snxt.dev',
  name: 'Dana Demo',
  email_verified: true,
  address: { formatted: '12 Elm Street, Springfield', locality: 'Springfield', region: 'OR', country: 'USA' },
  groups: ['snxt-demo-users', 'finance-admins'],
  middle_name: 'Q',
  updated_at: 1_790_000_000,
};

function setup(overrides: Parameters<typeof createErrorReports>[1] = {}) {
  const beacon = vi.fn<(url: string, body: string) => boolean>(() => true);
  const post = vi.fn<(url: string, init: RequestInit) => Promise<unknown>>(() =>
    Promise.resolve(new Response(null, { status: 204 })),
  );
  const clock = { now: START };
  const report = createErrorReports(COLLECTOR, {
    beacon,
    post,
    now: () => clock.now,
    page: () => new URL(PAGE),
    profile: () => PROFILE,
    storage: () => [createMemoryStorage()],
    userAgent: 'Mozilla/5.0 (test)',
    environment: 'PROD',
    ...overrides,
  });
  const sent = () => beacon.mock.calls.map(([, body]) => JSON.parse(body) as Record<string, string>);
  return { report, beacon, post, clock, sent };
}

function errorWith(message: string, stack: string[], name = 'TypeError'): Error {
  const error = new Error(message);
  error.name = name;
  error.stack = [`${name}: ${message}`, ...stack].join('\n');
  return error;
}

describe('error reports', () => {
  it('sends one JSON report of the documented shape by sendBeacon, as text (no CORS preflight)', () => {
    const { report, beacon, post, sent } = setup();
    report(errorWith('boom', ['    at run (https://app.example.com/assets/index-AbC123.js:12:345)']));
    expect(beacon).toHaveBeenCalledOnce();
    expect(beacon.mock.calls[0]![0]).toBe(COLLECTOR);
    expect(typeof beacon.mock.calls[0]![1]).toBe('string');
    expect(sent()).toEqual([
      {
        message: 'boom',
        name: 'TypeError',
        stack: 'TypeError: boom\n    at run (https://app.example.com/assets/index-AbC123.js:12:345)',
        url: 'https://app.example.com/settings',
        release: '9.0.0',
        environment: 'PROD',
        time: '2026-11-24T10:00:00.000Z',
        userAgent: 'Mozilla/5.0 (test)',
      },
    ]);
    expect(Object.keys(sent()[0]!)).toEqual([
      'message',
      'name',
      'stack',
      'url',
      'release',
      'environment',
      'time',
      'userAgent',
    ]);
    expect(post).not.toHaveBeenCalled();
  });

  it('keeps at most 20 lines of the stack and cuts a huge message', () => {
    const frames = Array.from(
      { length: 40 },
      (_, index) => `    at f${index} (https://app.example.com/a.js:${index}:1)`,
    );
    const { report, sent } = setup();
    report(errorWith('x'.repeat(200_000), frames));
    const [body] = sent();
    expect(body!.stack!.split('\n')).toHaveLength(20);
    expect(body!.message!.length).toBeLessThanOrEqual(1000);
  });

  it("never sends the sign-in code, a query, a hash, a token or the user's profile", () => {
    const { report, sent } = setup();
    const message = `Sign-in failed at ${PAGE} with Bearer ${OPAQUE_TOKEN} for demo@snxt.dev (Dana Demo)`;
    report(
      errorWith(message, [
        `    at fail (https://app.example.com/assets/index-AbC123.js?token=${OPAQUE_TOKEN}:1:2)`,
        `    at https://api.example.com/orders?access_token=${JWT}#frag:3:4`,
        `    at verify (${JWT})`,
        `    at user (${PROFILE.sub})`,
      ]),
    );
    report(new Error(`{"id_token":"${JWT}","profile":{"email":"DEMO@SNXT.DEV","sub":"${PROFILE.sub}"}}`));
    const bodies = JSON.stringify(sent());
    expect(sent()).toHaveLength(2);
    for (const secret of [CODE, STATE, 'code=', 'state=', '?', '#', OPAQUE_TOKEN, JWT, 'eyJ', PROFILE.sub, 'Dana']) {
      expect(bodies).not.toContain(secret);
    }
    expect(bodies.toLowerCase()).not.toContain('demo@snxt.dev');
    expect(sent()[0]!.message).toBe('Sign-in failed at https://app.example.com/settings');
    expect(sent()[0]!.stack).toContain('https://app.example.com/assets/index-AbC123.js:1:2');
  });

  it('never sends a token or PKCE verifier the sign-in keeps in storage, whatever it looks like', () => {
    const storage = createMemoryStorage();
    const tokens = {
      access_token: 'letters-only-access-token-without-any-digit',
      refresh_token: 'short-refresh',
      id_token: 'opaque.id.token',
      profile: { iss: 'https://idp.example.com' },
    };
    storage.setItem('oidc.user:https://idp.example.com:client', JSON.stringify(tokens));
    storage.setItem('oidc.af0ifjsldkj', JSON.stringify({ code_verifier: 'verifier-made-of-letters-only' }));
    storage.setItem('oidc.broken', '{');
    const { report, sent } = setup({ storage: () => [storage], profile: () => null });
    report(
      new Error(
        `refused ${tokens.access_token}, ${tokens.refresh_token}, ${tokens.id_token}, verifier-made-of-letters-only by https://idp.example.com/token`,
      ),
    );
    expect(sent()[0]!.message).toBe(
      'refused [redacted], [redacted], [redacted], [redacted] by https://idp.example.com/token',
    );
  });

  it("never sends the PKCE verifier of a sign-in kept in this tab's storage (localStorage was full)", () => {
    const stop = runAppStorage(createMemoryStorage());
    onTestFinished(() => {
      stop();
      sessionStorage.clear();
    });
    sessionStorage.setItem('oidc.af0ifjsldkj', JSON.stringify({ code_verifier: 'tab-verifier-of-letters' }));
    const { report, sent } = setup({ storage: undefined, profile: () => null });
    report(new Error('refused tab-verifier-of-letters at the token endpoint'));
    expect(sent()[0]!.message).toBe('refused [redacted] at the token endpoint');
  });

  it('sends at most 10 reports per page load', () => {
    const { report, sent } = setup();
    for (let index = 1; index <= 12; index++) report(new Error(`failure ${index}`));
    expect(sent().map((body) => body.message)).toEqual(
      Array.from({ length: 10 }, (_, index) => `failure ${index + 1}`),
    );
  });

  it('sends the same message at most once a minute, a message differing only by a token included', () => {
    const { report, clock, sent } = setup();
    report(new Error('stale'));
    report(new Error('stale'));
    report(new Error(`refused ${JWT}`));
    report(new Error(`refused ${JWT.replace('c2ln', 'ZZZZ')}`));
    clock.now = START + 59_999;
    report(new Error('stale'));
    clock.now = START + 60_000;
    report(new Error('stale'));
    expect(sent().map((body) => body.message)).toEqual(['stale', 'refused [redacted]', 'stale']);
  });

  it.each([
    ['there is no sendBeacon', { beacon: null }],
    ['sendBeacon refuses it', { beacon: () => false }],
    [
      'sendBeacon throws',
      {
        beacon: () => {
          throw new TypeError('Illegal invocation');
        },
      },
    ],
  ])('falls back to fetch with keepalive when %s', (_case, overrides) => {
    const { report, post } = setup(overrides);
    report(new Error('boom'));
    expect(post).toHaveBeenCalledOnce();
    const [url, init] = post.mock.calls[0]!;
    expect(url).toBe(COLLECTOR);
    expect(init).toMatchObject({ method: 'POST', keepalive: true, mode: 'no-cors', credentials: 'omit' });
    expect(JSON.parse(init.body as string)).toMatchObject({ message: 'boom', name: 'Error' });
  });

  it('never throws: a failing transport, unreadable errors and cycles are dropped or described', async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    const failing = [
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => {
        throw new TypeError('Failed to construct Request');
      },
    ];
    const cyclic: Record<string, unknown> = { name: 'cycle' };
    cyclic.self = cyclic;
    const hostile = new Proxy(
      {},
      {
        get: () => {
          throw new Error('trap');
        },
        has: () => {
          throw new Error('trap');
        },
        ownKeys: () => {
          throw new Error('trap');
        },
      },
    );
    const throwingMessage = Object.defineProperty(new Error(), 'message', {
      get: () => {
        throw new Error('getter');
      },
    });
    const values: unknown[] = [
      null,
      undefined,
      'a string',
      42,
      Symbol('s'),
      cyclic,
      Object.create(null),
      hostile,
      throwingMessage,
      { toString: () => ({}), toJSON: () => BigInt(1) },
    ];
    for (const post of failing) {
      const { report } = setup({ beacon: null, post: post as never });
      for (const value of values) expect(() => report(value)).not.toThrow();
    }
    for (const value of values) {
      const { report, sent } = setup();
      expect(() => report(value)).not.toThrow();
      expect(sent()).toHaveLength(1);
      for (const field of Object.values(sent()[0]!)) expect(typeof field).toBe('string');
    }
    const { report, sent } = setup();
    report('a string');
    expect(sent()[0]).toMatchObject({ message: 'Non-Error thrown value: string', name: 'string', stack: '' });
    await new Promise((resolve) => setTimeout(resolve, 10));
    process.off('unhandledRejection', unhandled);
    expect(unhandled).not.toHaveBeenCalled();
  });

  describe('what a hostile review found leaking (all of it reaches report() as the app reports it)', () => {
    const ENCODED_EMAIL = encodeURIComponent(PROFILE.email);

    it("never sends the user's email when it is encoded in a failed request's URL, however many times", () => {
      const { report, sent } = setup();
      report(new Error(`HTTP 404 for /api/users/${ENCODED_EMAIL}`));
      report(new Error(`HTTP 404 for /api/v2/users/${encodeURIComponent(ENCODED_EMAIL)}?x=1`));
      report(new Error(`HTTP 404 for /api/users/${PROFILE.email.toUpperCase().replace('@', '%40')}/orders`));
      report(new Error('{"user":"demo\\u0040snxt.dev"}'));
      report(new Error('user demo&#x40;snxt.dev'));
      expect(sent().map((body) => body.message)).toEqual([
        'HTTP 404 for /api/users/[redacted]',
        'HTTP 404 for /api/v2/users/[redacted]',
        'HTTP 404 for /api/users/[redacted]/orders',
        '{"user":"[redacted]"}',
        'user [redacted]',
      ]);
    });

    it('reports a thrown value that is not an Error by its type and key names only, never its values', () => {
      const { report, sent } = setup();
      report([ENCODED_EMAIL], 'Unhandled promise rejection');
      report({ accessToken: 'a1', idToken: 'i1', refreshToken: 'r1' }, 'Unhandled promise rejection');
      report({ code: 'c0de', state: 'st4te', [PROFILE.email]: true }, 'Unhandled promise rejection');
      report(`rejected for ${PROFILE.email}`, 'Unhandled promise rejection');
      report(Object.assign(Object.create(null) as object, { message: `hello ${PROFILE.name}` }), 'Uncaught error');
      report(42);
      report(null, 'Unhandled promise rejection');
      expect(sent().map(({ message, name, stack }) => ({ message, name, stack }))).toEqual([
        { message: 'Non-Error rejection: Array(1)', name: 'Array', stack: '' },
        { message: 'Non-Error rejection: Object {accessToken, idToken, refreshToken}', name: 'Object', stack: '' },
        { message: 'Non-Error rejection: Object {code, state, [redacted]}', name: 'Object', stack: '' },
        { message: 'Non-Error rejection: string', name: 'string', stack: '' },
        { message: 'Non-Error thrown value: Object {message}', name: 'Object', stack: '' },
        { message: 'Non-Error thrown value: number', name: 'number', stack: '' },
        { message: 'Non-Error rejection: null', name: 'null', stack: '' },
      ]);
      const bodies = JSON.stringify(sent());
      for (const value of ['a1', 'i1', 'r1', 'c0de', 'st4te', 'demo', 'Dana', '42'])
        expect(bodies).not.toContain(value);
    });

    it('never sends a query, whatever follows its first parenthesis', () => {
      const { report, sent } = setup();
      const href = `https://app.example.com/?utm_content=banner(1)&email=${ENCODED_EMAIL}&login_hint=dana&sid=s1d`;
      report(new Error(`Could not render ${href}`));
      expect(sent()[0]!.message).toBe('Could not render https://app.example.com/');
    });

    it('never sends a secret named in another spelling, quoting or encoding', () => {
      const { report, sent } = setup();
      report(new Error("refused {'code': 'c0de1', 'state': 'st4te1'}"));
      // Values no stack frame's path could hold by chance (a temporary folder's random name once held "r1").
      report(new Error('refused {accessToken: "acc3ss-v4l", "ID_TOKEN": "id-t0k3n-v4l", refresh-token=r3fr3sh-v4l}'));
      report(new Error('redirect to cb%3Fcode%3Dc0de2%26state%3Dst4te2'));
      const bodies = JSON.stringify(sent());
      const values = ['c0de1', 'st4te1', 'acc3ss-v4l', 'id-t0k3n-v4l', 'r3fr3sh-v4l', 'c0de2', 'st4te2'];
      for (const value of values) expect(bodies).not.toContain(value);
    });

    it('redacts every claim value whatever its type: an address object, the groups; never a boolean or a letter', () => {
      const { report, sent } = setup();
      report(new Error('Delivery to 12 Elm Street, Springfield for FINANCE-ADMINS and snxt-demo-users'));
      report(new Error('Springfield%20office (USA) closed'));
      report(new Error('email_verified: true, middle name Q, region OR'));
      expect(sent().map((body) => body.message)).toEqual([
        'Delivery to [redacted] for [redacted] and [redacted]',
        '[redacted] office ([redacted]) closed',
        'email_verified: true, middle name Q, region OR',
      ]);
    });

    it("never sends a secret pair that opens a message, in the message or on the stack's first line", () => {
      const { report, sent } = setup();
      const messages = [
        'password: hunt3r-two',
        'access_token: acc3ss-v4l',
        'client_secret=cl13nt-v4l',
        'state: st4te-v4l',
        'X-Api-Key: ap1-k3y-v4l',
        'Authorization: Token t0k3n-v4l',
        'fetch //us3r-n4me:p4ss-w0rd@localhost/x',
        'fetch //svc-us3r:svc-p4ss@intranet/api',
      ];
      for (const message of messages) report(new Error(message));
      expect(sent()).toHaveLength(messages.length);
      for (const body of sent()) expect(body.stack!.split('\n')[0]).toBe(`Error: ${body.message}`);
      const bodies = JSON.stringify(sent());
      const values = ['hunt3r-two', 'acc3ss-v4l', 'cl13nt-v4l', 'st4te-v4l', 'ap1-k3y-v4l', 't0k3n-v4l'];
      for (const value of [...values, 'us3r-n4me', 'p4ss-w0rd', 'svc-us3r', 'svc-p4ss']) {
        expect(bodies).not.toContain(value);
      }
    });

    it('scrubs the whole stack before it keeps 20 lines, so a secret split by a line break goes too', () => {
      const { report, sent } = setup();
      const error = new Error('refused');
      error.stack = [
        'Error: refused {"refresh_token":',
        '      "r3fresh-t0ken", "user": "Dana',
        '      Demo"}',
        '    at https://app.example.com/assets/index-AbC123.js:1:2',
      ].join('\n');
      report(error);
      expect(sent()[0]!.stack).toBe(
        [
          'Error: refused {"refresh_token":',
          '      "[redacted]", "user": "[redacted]"}',
          '    at https://app.example.com/assets/index-AbC123.js:1:2',
        ].join('\n'),
      );
    });

    it('keeps an ordinary error readable', () => {
      const { report, sent } = setup();
      const error = new TypeError('x is not a function');
      error.stack = 'TypeError: x is not a function\n    at https://app/assets/index-abc.js:1:2';
      report(error);
      expect(sent()[0]).toMatchObject({
        message: 'x is not a function',
        name: 'TypeError',
        stack: 'TypeError: x is not a function\n    at https://app/assets/index-abc.js:1:2',
      });
    });
  });
});
