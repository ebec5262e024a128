import { describe, expect, it } from 'vitest';
import { parseEnv, type ApiOrigins } from '../config/parse-env';
import { receivesAccessToken } from './api-origins';

const PAGE = 'https://app.example.com/profile?tab=1';

/** The origins as the build reads them from VITE_API_ORIGINS. */
const configured = (value: string): ApiOrigins =>
  parseEnv({ MODE: 'production', PROD: true, VITE_API_ORIGINS: value }).apiOrigins;

describe('receivesAccessToken', () => {
  const api = configured('https://api.example.com, http://127.0.0.1:8080');

  it.each([
    ['https://api.example.com/items', true, 'a listed origin'],
    ['https://api.example.com', true, 'the origin itself'],
    ['https://api.example.com:443/items', true, "the scheme's default port"],
    ['https://API.EXAMPLE.COM/items', true, 'upper case'],
    ['https://api.example.com./items', false, 'a trailing dot is another origin to the browser'],
    ['http://127.0.0.1:8080/items', true, 'a listed loopback origin with its port'],
    ['http://api.example.com/items', false, 'same host, plain http'],
    ['https://api.example.com:8443/items', false, 'same host, another port'],
    ['http://127.0.0.1:8081/items', false, 'loopback, another port'],
    ['http://127.0.0.1/items', false, 'loopback, default port'],
    ['https://api.example.com.evil.com/items', false, 'a look-alike host ending in evil.com'],
    ['https://evil.com/api.example.com', false, 'the listed host as a path'],
    ['https://evil.com/?https://api.example.com', false, 'the listed origin in the query'],
    ['https://api.example.com@evil.com/items', false, 'the listed host as userinfo'],
    ['https://user:pass@api.example.com/items', false, 'userinfo on the listed host'],
    ['https://evilapi.example.com/items', false, 'a host that only ends like it'],
    ['https://sub.api.example.com/items', false, 'a subdomain'],
    ['/items', false, "the app's own origin, relative (self not listed)"],
    ['https://app.example.com/items', false, "the app's own origin, absolute (self not listed)"],
    ['//api.example.com/items', true, 'scheme-relative: resolves to the https origin'],
    ['//evil.com/items', false, 'scheme-relative elsewhere'],
    ['ws://api.example.com/socket', false, 'not http(s)'],
    ['blob:https://api.example.com/1', false, 'a blob URL'],
    ['data:text/plain,x', false, 'a data URL'],
    ['javascript:alert(1)', false, 'a script URL'],
    ['http://[::1', false, 'not a URL'],
  ])('%s → %s (%s)', (url, expected) => {
    expect(receivesAccessToken(url, PAGE, api)).toBe(expected);
  });

  it('takes URL objects', () => {
    expect(receivesAccessToken(new URL('https://api.example.com/x'), PAGE, api)).toBe(true);
    expect(receivesAccessToken(new URL('https://evil.com/x'), PAGE, api)).toBe(false);
  });

  it('matches international names by their IDNA form, as configured or as requested', () => {
    const idna = configured('https://bücher.example');
    expect(receivesAccessToken('https://xn--bcher-kva.example/x', PAGE, idna)).toBe(true);
    expect(receivesAccessToken('https://BÜCHER.example/x', PAGE, idna)).toBe(true);
    expect(receivesAccessToken('https://bucher.example/x', PAGE, idna)).toBe(false);
  });

  describe('with self', () => {
    const withSelf = configured('self');

    it.each([
      ['/api/items', true, 'relative to the app'],
      ['api/items', true, 'relative to the page'],
      ['https://app.example.com/api', true, 'absolute'],
      ['https://app.example.com:443/api', true, 'default port'],
      ['http://app.example.com/api', false, 'plain http'],
      ['https://app.example.com:8443/api', false, 'another port'],
      ['https://app.example.com.evil.com/api', false, 'a look-alike'],
      ['https://api.example.com/items', false, 'another origin'],
    ])('%s → %s (%s)', (url, expected) => {
      expect(receivesAccessToken(url, PAGE, withSelf)).toBe(expected);
    });

    it('never matches a page of an opaque origin', () => {
      expect(receivesAccessToken('/api', 'about:blank', withSelf)).toBe(false);
      expect(receivesAccessToken('data:text/html,x', 'data:text/html,x', withSelf)).toBe(false);
    });
  });

  it.each(['*', 'null', 'https://*.example.com', 'https://api.example.com/v1', 'self,garbage'])(
    'a configuration that was refused (%s) gives the token to nobody',
    (value) => {
      const refused = configured(value);
      for (const url of ['/x', 'https://api.example.com/v1/x', 'https://x.example.com/', 'null']) {
        expect(receivesAccessToken(url, PAGE, refused)).toBe(false);
      }
    },
  );
});
