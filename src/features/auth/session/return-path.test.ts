import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './return-path';

const ORIGIN = 'https://app.example.com';

/** A path the router can only read as a page of this origin: one slash, then no slash or backslash. */
const SAME_ORIGIN_PATH = /^\/(?![/\\])/;

const HOSTILE: unknown[] = [
  '//evil.com',
  '///evil.com',
  '/\\evil.com',
  '/\\\\evil.com',
  '\\\\evil.com',
  '/.//evil.com',
  '/./\\evil.com',
  '/..//evil.com',
  '/../..//evil.com',
  '/a/..//evil.com',
  '/%2e//evil.com',
  '/%2E%2E//evil.com',
  '/%2F%2Fevil.com',
  '/%2f/evil.com',
  '/%5Cevil.com',
  '/%5C%5Cevil.com',
  '/\t/evil.com',
  '/\n/evil.com',
  '/\r\n/evil.com',
  '\t//evil.com',
  ' //evil.com',
  '/ /evil.com',
  'https://evil.com',
  'HTTPS://evil.com/',
  'http:evil.com',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  '/javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  '/\u2215\u2215evil.com',
  '/\uff0f\uff0fevil.com',
  '/\u29f5evil.com',
  '/\u3002/evil.com',
  `/${'a'.repeat(10_000)}`,
  `/${'/'.repeat(5_000)}evil.com`,
  '',
  ' ',
  'settings',
  null,
  undefined,
  42,
  {},
  ['/settings'],
  { toString: () => '/settings' },
  new URL('https://evil.com'),
];

/** A short, printable name for a test case (some inputs are thousands of characters long). */
const label = (value: unknown) => {
  const text = typeof value === 'string' ? JSON.stringify(value) : `${typeof value} ${String(value)}`;
  return text.length > 40 ? `${text.slice(0, 30)}… (${text.length} chars)` : text;
};

describe('safeReturnPath against hostile input', () => {
  it.each(HOSTILE.map((value) => [label(value), value]))('never leaves the origin: %s', (_label, value) => {
    const path = safeReturnPath(value, ORIGIN);
    expect(path).toMatch(SAME_ORIGIN_PATH);
    expect(new URL(path, ORIGIN).origin).toBe(ORIGIN);
    // A router or browser that resolves the path against another base still stays on that base.
    expect(new URL(path, 'https://other.example').origin).toBe('https://other.example');
  });

  it('turns the path-confusion tricks into home rather than into a protocol-relative URL', () => {
    for (const value of ['/.//evil.com', '/..//evil.com', '/a/..//evil.com', '/%2e//evil.com', '/./\\evil.com']) {
      expect(safeReturnPath(value, ORIGIN)).toBe('/');
    }
  });

  it('does not keep an absurdly long path', () => {
    expect(safeReturnPath(`/${'a'.repeat(10_000)}`, ORIGIN)).toBe('/');
  });

  it('keeps the pages of this app with their query and hash', () => {
    expect(safeReturnPath('/', ORIGIN)).toBe('/');
    expect(safeReturnPath('/settings?tab=1#top', ORIGIN)).toBe('/settings?tab=1#top');
    expect(safeReturnPath('/settings/./x/../y', ORIGIN)).toBe('/settings/y');
    expect(safeReturnPath('/search?q=//evil.com', ORIGIN)).toBe('/search?q=//evil.com');
    expect(safeReturnPath('/a%2Fb', ORIGIN)).toBe('/a%2Fb');
  });
});

describe('safeReturnPath never keeps a sign-in answer', () => {
  it.each([
    ['/?code=abc&state=xyz', '/'],
    ['/settings?code=abc&state=xyz&tab=1', '/settings?tab=1'],
    [
      '/settings?tab=1&error=access_denied&error_description=No%20way&session_state=s1&iss=https%3A%2F%2Fidp.example&error_uri=x#top',
      '/settings?tab=1#top',
    ],
    ['/settings?CODE=abc&State=xyz&ISS=i', '/settings'],
    ['/settings?%63ode=abc&st%61te=xyz&q=a%20b', '/settings?q=a%20b'],
    ['/settings?code&state=&q=1', '/settings?q=1'],
    ['/settings?q=1&&code=abc&', '/settings?q=1'],
    ['/settings?code=abc%ZZ', '/settings'],
    ['/settings?%ZZ=1&q=2', '/settings?q=2'],
  ])('%s returns to %s', (value, path) => {
    expect(safeReturnPath(value, ORIGIN)).toBe(path);
  });

  it('keeps every other parameter as written', () => {
    expect(safeReturnPath('/search?q=a+b&codes=1&state_of=x&sort=-date', ORIGIN)).toBe(
      '/search?q=a+b&codes=1&state_of=x&sort=-date',
    );
  });
});
