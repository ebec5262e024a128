import { describe, expect, it } from 'vitest';
import { scrubber } from './scrub';

const JWT =
  'eyJhbGciOiJSUzI1NiIsImtpZCI6IjEifQ.eyJzdWIiOiIyNDhjOGQ5Ny0xYjJjIiwiZW1haWwiOiJkZW1vQHNueHQuZGV2In0.c2lnbmF0dXJlLXNpZ25hdHVyZS1zaWduYXR1cmU';
const OPAQUE_TOKEN = 'b5vbMtpIbzlBdAUmc_xGk1EoZ8SCU3mNQpYWBbLwwXj';
const SUB = '248c8d97-1b2c-4f7e-9a51-0a8f6f3c2d11';
const EMAIL = 'name@example.com';
/** The signed-in user's claim values, as the reports hand them in: strings of every claim, nested ones too. */
const KNOWN = [SUB, EMAIL, 'Dana Demo', 'Springfield', 'snxt-demo-users', 'Ann', 'OR', 'x'];

const scrub = (text: string, known: readonly string[]) => scrubber(known)(text);

const encodeTimes = (text: string, times: number) =>
  Array.from({ length: times }).reduce<string>((value) => encodeURIComponent(value), text);

describe('scrub: decodes before it matches', () => {
  it.each([
    ['percent-encoded', 'HTTP 404 for /api/users/name%40example.com'],
    ['percent-encoded in capitals', 'HTTP 404 for /api/users/NAME%40EXAMPLE.COM'],
    ['double percent-encoded', 'HTTP 404 for /api/users/name%2540example.com'],
    ['five times percent-encoded', `HTTP 404 for /api/users/${encodeTimes(EMAIL, 5)}`],
    ['a JSON \\u escape', 'HTTP 404 for /api/users/name\\u0040example.com'],
    ['a JSON \\u escape in capitals', 'HTTP 404 for /api/users/name\\u0040EXAMPLE.com'],
    ['a \\x escape', 'HTTP 404 for /api/users/name\\x40example.com'],
    ['a decimal entity', 'HTTP 404 for /api/users/name&#64;example.com'],
    ['a decimal entity without its semicolon', 'HTTP 404 for /api/users/name&#064example.com'],
    ['a hex entity', 'HTTP 404 for /api/users/name&#X40;example.com'],
    ['a named entity', 'HTTP 404 for /api/users/name&commat;example.com'],
    ['an entity inside a percent escape', 'HTTP 404 for /api/users/name&#37;40example.com'],
    ['an escaped entity', 'HTTP 404 for /api/users/name&amp;#64;example.com'],
    ['a full-width at sign', 'HTTP 404 for /api/users/name\uff20example.com'],
    ['an invisible character inside it', 'HTTP 404 for /api/users/name\u200b@example.com'],
  ])('finds an email that is %s', (_case, message) => {
    expect(scrub(message, [])).toBe('HTTP 404 for /api/users/[redacted]');
  });

  it('finds an email, a secret or a claim inside a base64 run that decodes to text, and keeps other runs', () => {
    const base64 = (text: string) => Buffer.from(text).toString('base64');
    const base64url = (text: string) => Buffer.from(text).toString('base64url');
    expect(scrub(`payload ${base64(EMAIL)} refused`, [])).toBe('payload [redacted] refused');
    expect(scrub(`payload ${base64url('{"password":"hunter2"}')} refused`, [])).toBe('payload [redacted] refused');
    expect(scrub(`payload ${base64('Dana Demo logged in')} refused`, KNOWN)).toBe('payload [redacted] refused');
    expect(scrub(`payload ${base64(encodeURIComponent(EMAIL))} refused`, [])).toBe('payload [redacted] refused');
    expect(scrub(`payload ${base64('nothing to see here')} kept`, KNOWN)).toBe(
      `payload ${base64('nothing to see here')} kept`,
    );
  });

  it('drops what cannot be decoded safely instead of sending it', () => {
    expect(scrub('bad escape %E0%A4%A end', [])).toBe('bad escape [redacted]%A end');
    expect(scrub('bad bytes %FF%FEname end', [])).toBe('bad bytes [redacted]name end');
    // More layers than the scrubber peels: the whole text goes.
    expect(scrub(`user ${encodeTimes(EMAIL, 12)}`, [])).toBe('[redacted]');
  });
});

describe('scrub: the rest of a URL after ? or #', () => {
  it('keeps the origin and path, never what follows, whatever characters come after', () => {
    expect(scrub('Failed at https://app.example.com/settings?code=SplxlOBeZQQ&state=af0ifjsldkj#top now', [])).toBe(
      'Failed at https://app.example.com/settings',
    );
    expect(scrub('GET /callback?code=abc&state=xyz failed', [])).toBe('GET /callback');
    expect(
      scrub(
        'Opened https://app.example.com/cb?utm_content=banner(1)&email=a%40b.example&login_hint=abc&sid=123 then',
        [],
      ),
    ).toBe('Opened https://app.example.com/cb');
    expect(scrub(`at "https://app.example.com/?utm=a b 'c' &sid=7" now`, [])).toBe('at "https://app.example.com/');
    expect(scrub('at https://app.example.com/?utm=a%20b%22c%0Asid%3D7 now', [])).toBe('at https://app.example.com/');
    expect(scrub('back to https://app.example.com/#access_token=abc&state=x', [])).toBe(
      'back to https://app.example.com/',
    );
    expect(scrub('{"url":"https://api.example.com/orders?user=7&token=x"}', [])).toBe(
      '{"url":"https://api.example.com/orders',
    );
  });

  it('finds a ? or # that is encoded, and a query that stands alone', () => {
    expect(scrub('GET /cb%3Fcode%3Dabc123%26state%3Dxyz', [])).toBe('GET /cb');
    expect(scrub('GET /cb%253Fcode%253Dabc123', [])).toBe('GET /cb');
    expect(scrub('redirect to cb%3Fcode%3Dabc%26state%3Dxyz failed', [])).toBe('redirect to cb');
    expect(scrub('search was ?email=name%40example.com&page=2', [])).toBe('search was ');
    expect(scrub('www.example.com?sid=1 failed', [])).toBe('www.example.com');
  });

  it("keeps a stack frame's line and column, but not the query of its file", () => {
    const stack = [
      'Error: boom',
      '    at run (https://app.example.com/assets/index-AbC123.js?v=secret:12:345)',
      '    at https://app.example.com/assets/settings-Q1w2.js#frag:7:8',
      '    run@https://app.example.com/assets/index-AbC123.js?x=1:12:345',
    ].join('\n');
    expect(scrub(stack, [])).toBe(
      [
        'Error: boom',
        '    at run (https://app.example.com/assets/index-AbC123.js:12:345)',
        '    at https://app.example.com/assets/settings-Q1w2.js:7:8',
        '    run@https://app.example.com/assets/index-AbC123.js:12:345',
      ].join('\n'),
    );
  });

  it('drops the credentials of a URL', () => {
    expect(scrub('fetch https://alice:hunter2@api.example.com/x', [])).toBe('fetch https://api.example.com/x');
  });
});

describe('scrub: values named like secrets, in any spelling and quoting', () => {
  it.each([
    ["{'code': 'abc', 'state': 'xyz'}", "{'code': '[redacted]', 'state': '[redacted]'}"],
    [
      '{"accessToken":"a1","idToken":"i1","refreshToken":"r1"}',
      '{"accessToken":"[redacted]","idToken":"[redacted]","refreshToken":"[redacted]"}',
    ],
    ['{accessToken: "a1", id_token: \'i1\'}', '{accessToken: "[redacted]", id_token: \'[redacted]\'}'],
    [
      'access-token=a1&ACCESS_TOKEN=a2&Access_Token = "a3"',
      'access-token=[redacted]&ACCESS_TOKEN=[redacted]&Access_Token = "[redacted]"',
    ],
    ['x-amz-security-token: IQoJb3JpZ2luX2VjEJr', 'x-amz-security-token: [redacted]'],
    ['X-Amz-Security-Token=IQoJb3JpZ2luX2VjEJr', 'X-Amz-Security-Token=[redacted]'],
    ['password=hunter2; secret: s3cr3t, session=abc', 'password=[redacted]; secret: [redacted], session=[redacted]'],
    [
      'grant_type=authorization_code&code=4f2a&code_verifier=abc',
      'grant_type=authorization_code&code=[redacted]&code_verifier=[redacted]',
    ],
    [
      '{"SessionToken":"s1","SecretKey":"k1","client_secret":"c1"}',
      '{"SessionToken":"[redacted]","SecretKey":"[redacted]","client_secret":"[redacted]"}',
    ],
    ['Authorization: Bearer abc.def', 'Authorization: [redacted]'],
    ['authorization=Basic YWxpY2U6aHVudGVyMg==', 'authorization=[redacted]'],
    ['redirect cb?code=abc', 'redirect cb'],
    ['state:\n   "xyz"', 'state:\n   "[redacted]"'],
  ])('%j', (message, scrubbed) => {
    expect(scrub(message, [])).toBe(scrubbed);
  });

  it('finds the names once decoded: percent-encoded, JSON-escaped, entity-encoded', () => {
    expect(scrub('body code%3Dabc%26state%3Dxyz', [])).toBe('body code=[redacted]&state=[redacted]');
    expect(scrub('body {\\"refresh_token\\":\\"r1\\"}', [])).toBe('body {"refresh_token":"[redacted]"}');
    expect(scrub('body {&quot;password&quot;:&quot;p1&quot;}', [])).toBe('body {"password":"[redacted]"}');
  });

  it('finds a secret split by a line break in a stack', () => {
    const stack = [
      'Error: refused {"access_token":',
      '    "tok3n-value", "Authorization":',
      '    "Bearer abc"}',
      '    at https://app.example.com/assets/index-AbC123.js:1:2',
    ].join('\n');
    expect(scrub(stack, [])).toBe(
      [
        'Error: refused {"access_token":',
        '    "[redacted]", "Authorization":',
        '    "[redacted]',
        '    at https://app.example.com/assets/index-AbC123.js:1:2',
      ].join('\n'),
    );
  });

  it('leaves names that only end like a short secret name, and a status code, alone', () => {
    for (const message of ['Error code: 500', 'statusCode=404', 'readyState: 4', 'errorCode: 42', 'state: 2']) {
      expect(scrub(message, [])).toBe(message);
    }
  });
});

describe('scrub: a secret pair wherever it stands', () => {
  it.each([
    ['Error: password: hunter2', 'Error: password: [redacted]'],
    ['Error: access_token: t0k3n-v4lue', 'Error: access_token: [redacted]'],
    ['Error: client_secret=cl13nt-s3cr3t', 'Error: client_secret=[redacted]'],
    ['Error: state: st4te-v4lue', 'Error: state: [redacted]'],
    ['Error: X-Api-Key: k3y-v4lue', 'Error: X-Api-Key: [redacted]'],
    ['Uncaught TypeError: refresh_token=r3fr3sh', 'Uncaught TypeError: refresh_token=[redacted]'],
    ['Error: "password": "hunter2"', 'Error: "password": "[redacted]"'],
    ['Error: reason=bad password=hunter2', 'Error: reason=bad password=[redacted]'],
    ['password: hunter2', 'password: [redacted]'],
  ])('%j', (message, scrubbed) => {
    expect(scrub(message, [])).toBe(scrubbed);
  });

  it('finds the newer secret names in any spelling', () => {
    for (const [message, scrubbed] of [
      ['api-key: k1v4l', 'api-key: [redacted]'],
      ['apikey=k1v4l', 'apikey=[redacted]'],
      ['x-api-key: k1v4l', 'x-api-key: [redacted]'],
      ['client secret: s3cr3t', 'client secret: [redacted]'],
      ['Error: client secret=s3cr3t', 'Error: client secret=[redacted]'],
      ['{"client secret": "s3cr3t"}', '{"client secret": "[redacted]"}'],
      ["{'Client Secret': 's3cr3t'}", "{'Client Secret': '[redacted]'}"],
      ['pwd=hunter2', 'pwd=[redacted]'],
      ['Error: PWD: hunter2', 'Error: PWD: [redacted]'],
      ['pin=1234', 'pin=[redacted]'],
      ['PIN: 42', 'PIN: [redacted]'],
      [
        '{"userPin": 9876, "card_pin": "1111", "db.pwd": "x"}',
        '{"userPin": [redacted], "card_pin": "[redacted]", "db.pwd": "[redacted]"}',
      ],
      ['passcode: 246810', 'passcode: [redacted]'],
      ['devicePasscode=246810', 'devicePasscode=[redacted]'],
      ['{"USERPin": "1234"}', '{"USERPin": "[redacted]"}'],
      ['the code: 4f2a9', 'the code: [redacted]'],
    ] as const) {
      expect(scrub(message, [])).toBe(scrubbed);
    }
  });

  it('leaves words that only contain a short secret name alone', () => {
    for (const message of [
      'spinning: true',
      'pinned: 3',
      'spin=2',
      'pwdx: 5',
      'Pinyin: ni hao',
      'opinion: fine',
      'pinCount: 7',
      'Error: mapping: failed',
      'Error: the client: offline',
    ]) {
      expect(scrub(message, [])).toBe(message);
    }
  });

  it('removes the rest of the line after Authorization, whatever the scheme', () => {
    for (const [message, scrubbed] of [
      ['Authorization: Token abc123def', 'Authorization: [redacted]'],
      ['Error: Authorization: Token abc123def', 'Error: Authorization: [redacted]'],
      ['authorization=Digest username="bob", realm="x", response="6629fae4"', 'authorization=[redacted]'],
      ['Authorization: Negotiate YIIB, then more\n    at x', 'Authorization: [redacted]\n    at x'],
      ['Authorization: Whatever w0rd s3cr3t', 'Authorization: [redacted]'],
      ['Proxy-Authorization: Basic YWxpY2U6aHVudGVy', 'Proxy-Authorization: [redacted]'],
      ['{"Authorization":"Digest username=\\"bob\\", response=\\"6629fae4\\""}', '{"Authorization":"[redacted]'],
    ] as const) {
      expect(scrub(message, [])).toBe(scrubbed);
    }
  });

  it('drops the credentials of a URL whatever the host, with or without a scheme', () => {
    for (const [message, scrubbed] of [
      ['fetch //user:pass@localhost/x', 'fetch //localhost/x'],
      ['fetch //svc:pw@intranet/api failed', 'fetch //intranet/api failed'],
      ['fetch http://user:pass@localhost:8080/x', 'fetch http://localhost:8080/x'],
      ['fetch http://svc:pw@intranet/api', 'fetch http://intranet/api'],
      ['fetch https://u:p@127.0.0.1/x', 'fetch https://127.0.0.1/x'],
      ['fetch https://u:p@[::1]:3000/x', 'fetch https://[::1]:3000/x'],
      ['fetch //u:p@ss@intranet/x', 'fetch //intranet/x'],
      ['Error: //admin:s3cr3t@db', 'Error: //db'],
      ['see "//svc:pw@intranet"', 'see "//intranet"'],
    ] as const) {
      expect(scrub(message, [])).toBe(scrubbed);
    }
  });
});

describe('scrub: tokens and keys', () => {
  it('redacts a JWT, a Bearer or Basic header value and an opaque token', () => {
    expect(scrub(`token ${JWT} refused`, [])).toBe('token [redacted] refused');
    expect(scrub(`sent Bearer ${OPAQUE_TOKEN}`, [])).toBe('sent Bearer [redacted]');
    expect(scrub('sent Basic YWxpY2U6aHVudGVyMg==', [])).toBe('sent Basic [redacted]');
    expect(scrub(`refused ${OPAQUE_TOKEN}.`, [])).toBe('refused [redacted].');
  });

  it('redacts AWS access key ids and secret-key shapes', () => {
    expect(scrub('key ASIAIOSFODNN7EXAMPLE expired', [])).toBe('key [redacted] expired');
    expect(scrub('key AKIAIOSFODNN7EXAMPLE expired', [])).toBe('key [redacted] expired');
    expect(scrub('signing with wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY failed', [])).toBe(
      'signing with [redacted] failed',
    );
    const sessionToken = `IQoJb3JpZ2luX2VjEJr//////////wEaCXVzLWVhc3QtMSJHMEUCIQD+${'a1B2'.repeat(40)}`;
    expect(scrub(`token ${sessionToken} expired`, [])).toBe('token [redacted] expired');
  });

  it('redacts every email address', () => {
    expect(scrub('no account for someone.else+tag@mail.example.org', [])).toBe('no account for [redacted]');
    expect(scrub('no account for Zoë.Ünal@exämple.de', [])).toBe('no account for [redacted]');
  });
});

describe("scrub: the signed-in user's claim values", () => {
  it('redacts them in any case, decoded, and split over a line break', () => {
    const message = `User dana demo (NAME@example.com, ${SUB.toUpperCase()}) said "Dana Demo"`;
    expect(scrub(message, KNOWN)).toBe('User [redacted] ([redacted], [redacted]) said "[redacted]"');
    expect(scrub('Hello Dana%20Demo and Dana+Demo and Dana&#32;Demo', KNOWN)).toBe(
      'Hello [redacted] and [redacted] and [redacted]',
    );
    expect(scrub('Error: Dana\n    Demo is not allowed', KNOWN)).toBe('Error: [redacted] is not allowed');
  });

  it('redacts a value of six characters or more inside a longer word', () => {
    expect(scrub('not in xSpringfieldy or snxt-demo-users2', KNOWN)).toBe('not in x[redacted]y or [redacted]2');
    expect(scrub(`key user${SUB}x`, KNOWN)).toBe('key user[redacted]x');
    expect(scrub('Hello DanaDana demo', KNOWN)).toBe('Hello Dana[redacted]');
  });

  it('redacts a value of three to five characters only as a whole word, and never a shorter one', () => {
    expect(scrub('Ann opened it, ann too', KNOWN)).toBe('[redacted] opened it, [redacted] too');
    for (const message of [
      "Cannot read properties of undefined (reading 'map')",
      'The channel is announced',
      'expected a OR b, or x',
    ]) {
      expect(scrub(message, KNOWN)).toBe(message);
    }
  });
});

describe('scrub: ordinary messages read as they are', () => {
  it.each([
    'TypeError: x is not a function at https://app/assets/index-abc.js:1:2',
    "Cannot read properties of undefined (reading 'map')",
    'HTTP 500 for https://api.example.com/orders',
    'What? Issue #12 said so.',
    'Error code: 500',
    'Action "[Settings] Change theme" rejected: expected one of DEFAULT-THEME, LIGHT-THEME',
    '    at renderWithHooks (https://app.example.com/assets/client-DnsUmpVW.js:1:2345)',
    "Failed to execute 'querySelector' on 'Document': 'div#main' is not a valid selector.",
    '100% done',
    'Failed to fetch dynamically imported module: https://app.example.com/assets/settings-Q1w2_x-9.js',
    'שגיאה בטעינת הדף',
    [
      'TypeError: x is not a function',
      '    at onClick (https://app.example.com/assets/index-AbC123.js:12:345)',
      '    at HTMLUnknownElement.callCallback (https://app.example.com/assets/client-DnsUmpVW.js:1:2345)',
      '    at Object.invokeGuardedCallbackDev (https://app.example.com/assets/client-DnsUmpVW.js:3:45)',
      '    at async Promise.all (index 0)',
      '    run@https://app.example.com/assets/index-AbC123.js:12:345',
    ].join('\n'),
  ])('%j', (message) => {
    expect(scrub(message, KNOWN)).toBe(message);
  });
});
