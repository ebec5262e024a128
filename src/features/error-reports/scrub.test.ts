import { describe, expect, it } from 'vitest';
import { scrub } from './scrub';

const JWT =
  'eyJhbGciOiJSUzI1NiIsImtpZCI6IjEifQ.eyJzdWIiOiIyNDhjOGQ5Ny0xYjJjIiwiZW1haWwiOiJkZW1vQHNueHQuZGV2In0.c2lnbmF0dXJlLXNpZ25hdHVyZS1zaWduYXR1cmU';
const OPAQUE_TOKEN = 'b5vbMtpIbzlBdAUmc_xGk1EoZ8SCU3mNQpYWBbLwwXj';
const SECRETS = ['248c8d97-1b2c-4f7e-9a51-0a8f6f3c2d11', 'Demo@Snxt.dev', 'Dana Demo', 'x'];

describe('scrub', () => {
  it('keeps the origin and path of a URL, never its query or hash', () => {
    expect(scrub('Failed at https://app.example.com/settings?code=SplxlOBeZQQ&state=af0ifjsldkj#top now', [])).toBe(
      'Failed at https://app.example.com/settings now',
    );
    expect(scrub('GET /callback?code=abc&state=xyz failed', [])).toBe('GET /callback failed');
    expect(scrub('{"url":"https://api.example.com/orders?user=7&token=x"}', [])).toBe(
      '{"url":"https://api.example.com/orders"}',
    );
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

  it('redacts a JWT, a Bearer or Basic header value, and values named like secrets', () => {
    expect(scrub(`token ${JWT} refused`, [])).toBe('token [redacted] refused');
    expect(scrub(`Authorization: Bearer ${OPAQUE_TOKEN}`, [])).toBe('Authorization: Bearer [redacted]');
    expect(scrub('Authorization: Basic YWxpY2U6aHVudGVyMg==', [])).toBe('Authorization: Basic [redacted]');
    expect(scrub('grant_type=authorization_code&code=4f2a&code_verifier=abc', [])).toBe(
      'grant_type=authorization_code&code=[redacted]&code_verifier=[redacted]',
    );
    expect(scrub('{"access_token":"a1","refresh_token": "r1","SessionToken":"s1","SecretKey":"k1"}', [])).toBe(
      '{"access_token":"[redacted]","refresh_token": "[redacted]","SessionToken":"[redacted]","SecretKey":"[redacted]"}',
    );
  });

  it('redacts an opaque token, an AWS access key id and any email address', () => {
    expect(scrub(`refused ${OPAQUE_TOKEN}.`, [])).toBe('refused [redacted].');
    expect(scrub('key ASIAIOSFODNN7EXAMPLE expired', [])).toBe('key [redacted] expired');
    expect(scrub('no account for someone.else+tag@mail.example.org', [])).toBe('no account for [redacted]');
  });

  it("redacts the known secrets (the signed-in user's profile) wherever they stand alone, in any case", () => {
    const message = `User dana demo (demo@snxt.dev, ${SECRETS[0]}) said "Dana Demo"`;
    expect(scrub(message, SECRETS)).toBe('User [redacted] ([redacted], [redacted]) said "[redacted]"');
    expect(scrub('Danadana demo', SECRETS)).toBe('Danadana demo');
  });

  it('leaves ordinary messages alone', () => {
    for (const message of [
      "Cannot read properties of undefined (reading 'map')",
      'HTTP 500 for https://api.example.com/orders',
      'What? Issue #12 said so.',
      'Error code: 500',
      'Action "[Settings] Change theme" rejected: expected one of DEFAULT-THEME, LIGHT-THEME',
      '    at renderWithHooks (https://app.example.com/assets/client-DnsUmpVW.js:1:2345)',
    ]) {
      expect(scrub(message, SECRETS)).toBe(message);
    }
  });
});
