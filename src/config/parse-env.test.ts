import { describe, expect, it, vi } from 'vitest';
import { parseEnv } from './parse-env';

const production = { MODE: 'production', PROD: true };

describe('parseEnv', () => {
  it('has the documented defaults in a production build', () => {
    expect(parseEnv(production)).toEqual({
      appName: 'Starter Next',
      appShortName: 'Snxt',
      envName: 'PROD',
      production: true,
      test: false,
      i18nPrefix: '',
      oidc: null,
      cognitoIdentity: null,
      gaMeasurementId: null,
      authRequired: false,
      apiOrigins: { self: false, origins: [] },
      errorReportUrl: null,
      apiUrl: null,
      booksApiUrl: null, // example: books
    });
  });

  it('names the environment DEV on the dev server and TEST in unit tests', () => {
    expect(parseEnv({ MODE: 'development', PROD: false }).envName).toBe('DEV');
    expect(parseEnv({ MODE: 'test', PROD: false })).toMatchObject({ envName: 'TEST', test: true, production: false });
  });

  it('reads sign-in settings with the default scope', () => {
    const env = parseEnv({
      ...production,
      VITE_OIDC_AUTHORITY: 'https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_abc/',
      VITE_OIDC_CLIENT_ID: 'client',
      VITE_COGNITO_DOMAIN: 'https://example.auth.eu-west-1.amazoncognito.com',
    });
    expect(env.oidc).toEqual({
      authority: 'https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_abc',
      clientId: 'client',
      scope: 'email profile openid',
      cognitoDomain: 'https://example.auth.eu-west-1.amazoncognito.com',
    });
  });

  it.each([
    [{ VITE_OIDC_AUTHORITY: 'not a url', VITE_OIDC_CLIENT_ID: 'c' }, 'VITE_OIDC_AUTHORITY', 'oidc'],
    [{ VITE_OIDC_AUTHORITY: 'https://idp.example', VITE_OIDC_CLIENT_ID: '' }, 'VITE_OIDC_CLIENT_ID', 'oidc'],
    [
      { VITE_OIDC_AUTHORITY: 'https://idp.example', VITE_OIDC_CLIENT_ID: 'c', VITE_OIDC_SCOPE: 'email' },
      'VITE_OIDC_SCOPE',
      'oidc',
    ],
    [
      { VITE_OIDC_AUTHORITY: 'https://idp.example', VITE_OIDC_CLIENT_ID: 'c', VITE_COGNITO_DOMAIN: 'ftp://x' },
      'VITE_COGNITO_DOMAIN',
      'oidc',
    ],
    [{ VITE_GA_MEASUREMENT_ID: 'UA-1234' }, 'VITE_GA_MEASUREMENT_ID', 'gaMeasurementId'],
  ] as const)(
    'an invalid value gives one console error naming the variable and turns the feature off',
    (raw, name, feature) => {
      const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const env = parseEnv({ ...production, ...raw });
      expect(env[feature]).toBeNull();
      expect(error).toHaveBeenCalledOnce();
      expect(error.mock.calls[0]?.[0]).toContain(name);
    },
  );

  it('keeps the app names and environment name when given', () => {
    const raw = { VITE_APP_NAME: ' Acme Orders ', VITE_APP_SHORT_NAME: 'Acme', VITE_ENV_NAME: 'staging' };
    expect(parseEnv({ ...production, ...raw })).toMatchObject({
      appName: 'Acme Orders',
      appShortName: 'Acme',
      envName: 'STAGING',
    });
  });

  it.each([
    ['a line break', 'Acme\nOrders'],
    ['a control character', 'Acme\u0007'],
    ['over 100 characters', 'A'.repeat(101)],
  ])('refuses an app name with %s: one console error, the default name', (_case, name) => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const env = parseEnv({ ...production, VITE_APP_NAME: name, VITE_APP_SHORT_NAME: name });
    expect(env).toMatchObject({ appName: 'Starter Next', appShortName: 'Snxt' });
    expect(error.mock.calls.map(([message]) => String(message))).toEqual([
      expect.stringContaining('VITE_APP_NAME'),
      expect.stringContaining('VITE_APP_SHORT_NAME'),
    ]);
  });

  it('takes names in any script, emoji and markup characters as text', () => {
    const env = parseEnv({ ...production, VITE_APP_NAME: 'Ünïcødé <Bücher> & 📚', VITE_APP_SHORT_NAME: 'ספרים' });
    expect(env).toMatchObject({ appName: 'Ünïcødé <Bücher> & 📚', appShortName: 'ספרים' });
  });

  describe('plain http for sign-in', () => {
    const withOidc = (authority: string, cognitoDomain?: string) => ({
      VITE_OIDC_AUTHORITY: authority,
      VITE_OIDC_CLIENT_ID: 'client',
      ...(cognitoDomain ? { VITE_COGNITO_DOMAIN: cognitoDomain } : {}),
    });

    it.each([
      [withOidc('http://idp.example.com'), 'VITE_OIDC_AUTHORITY'],
      [withOidc('HTTP://IDP.EXAMPLE.COM/pool'), 'VITE_OIDC_AUTHORITY'],
      [withOidc('http://127.0.0.1.evil.example'), 'VITE_OIDC_AUTHORITY'],
      [withOidc('http://localhost.evil.example'), 'VITE_OIDC_AUTHORITY'],
      [withOidc('http://evil.localhost'), 'VITE_OIDC_AUTHORITY'],
      [withOidc('http://127.0.0.1@evil.example'), 'VITE_OIDC_AUTHORITY'],
      [withOidc('http://10.0.0.1:8080'), 'VITE_OIDC_AUTHORITY'],
      [withOidc('http://[::2]'), 'VITE_OIDC_AUTHORITY'],
      [withOidc('https://idp.example.com', 'http://example.auth.eu-west-1.amazoncognito.com'), 'VITE_COGNITO_DOMAIN'],
    ] as const)('a production build refuses it off loopback: %j names %s and turns sign-in off', (raw, name) => {
      const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      expect(parseEnv({ ...production, ...raw }).oidc).toBeNull();
      expect(error).toHaveBeenCalledOnce();
      expect(error.mock.calls[0]?.[0]).toContain(name);
      expect(error.mock.calls[0]?.[0]).toMatch(/https/);
    });

    it.each(['http://127.0.0.1:5174', 'http://localhost:5174/', 'http://LOCALHOST', 'http://[::1]:5174'])(
      'a production build accepts a loopback provider (%s), as the local provider is one',
      (authority) => {
        const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
        const env = parseEnv({ ...production, ...withOidc(authority, authority) });
        expect(env.oidc?.authority).toBe(authority.replace(/\/+$/, ''));
        expect(env.oidc?.cognitoDomain).toBe(authority.replace(/\/+$/, ''));
        expect(error).not.toHaveBeenCalled();
      },
    );

    it.each([
      { MODE: 'development', PROD: false },
      { MODE: 'test', PROD: false },
      { MODE: 'test', PROD: true },
    ])('a development or test build accepts it anywhere (%j)', (mode) => {
      const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const env = parseEnv({ ...mode, ...withOidc('http://idp.example.com', 'http://auth.example.com') });
      expect(env.oidc).toMatchObject({ authority: 'http://idp.example.com', cognitoDomain: 'http://auth.example.com' });
      expect(error).not.toHaveBeenCalled();
    });
  });

  describe('VITE_AUTH_REQUIRED (mandatory sign-in)', () => {
    const oidc = { VITE_OIDC_AUTHORITY: 'https://idp.example.com', VITE_OIDC_CLIENT_ID: 'client' };

    it.each([
      ['true', true],
      [' TRUE ', true],
      ['false', false],
      ['', false],
    ])('reads %j as %s when sign-in is configured', (value, expected) => {
      const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      expect(parseEnv({ ...production, ...oidc, VITE_AUTH_REQUIRED: value }).authRequired).toBe(expected);
      expect(error).not.toHaveBeenCalled();
    });

    it.each(['yes', '1', 'on', 'true,false', 'truee'])('refuses %j: one console error naming it, off', (value) => {
      const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      expect(parseEnv({ ...production, ...oidc, VITE_AUTH_REQUIRED: value }).authRequired).toBe(false);
      expect(error).toHaveBeenCalledOnce();
      expect(error.mock.calls[0]?.[0]).toContain('VITE_AUTH_REQUIRED');
    });

    it('is off, with one console error naming it, when no sign-in is configured', () => {
      const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      expect(parseEnv({ ...production, VITE_AUTH_REQUIRED: 'true' }).authRequired).toBe(false);
      expect(error).toHaveBeenCalledOnce();
      expect(error.mock.calls[0]?.[0]).toContain('VITE_AUTH_REQUIRED');
    });

    it('is off when the sign-in configuration itself is refused', () => {
      const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const env = parseEnv({
        ...production,
        ...oidc,
        VITE_OIDC_AUTHORITY: 'http://idp.example.com',
        VITE_AUTH_REQUIRED: 'true',
      });
      expect(env).toMatchObject({ oidc: null, authRequired: false });
      expect(error.mock.calls.map(([message]) => String(message))).toEqual([
        expect.stringContaining('VITE_OIDC_AUTHORITY'),
        expect.stringContaining('VITE_AUTH_REQUIRED'),
      ]);
    });
  });

  describe('VITE_API_ORIGINS (who receives the access token)', () => {
    const apiOrigins = (value: string, base: Record<string, string | boolean> = production) =>
      parseEnv({ ...base, VITE_API_ORIGINS: value }).apiOrigins;

    it.each([
      ['self', { self: true, origins: [] }],
      [' SELF ', { self: true, origins: [] }],
      ['https://api.example.com', { self: false, origins: ['https://api.example.com'] }],
      // Case, a trailing slash and the scheme's default port are spelling only.
      ['HTTPS://API.Example.COM/', { self: false, origins: ['https://api.example.com'] }],
      ['https://api.example.com:443', { self: false, origins: ['https://api.example.com'] }],
      ['https://api.example.com:8443/', { self: false, origins: ['https://api.example.com:8443'] }],
      // International names are compared in their ASCII (IDNA) form, as the browser sends them.
      ['https://Bücher.example', { self: false, origins: ['https://xn--bcher-kva.example'] }],
      [
        'self, https://a.example.com ,https://b.example.com:8443,https://a.example.com/',
        { self: true, origins: ['https://a.example.com', 'https://b.example.com:8443'] },
      ],
      // A production build takes plain http only on loopback, as for the provider.
      ['http://127.0.0.1:8080', { self: false, origins: ['http://127.0.0.1:8080'] }],
      ['http://[::1]:8080', { self: false, origins: ['http://[::1]:8080'] }],
      ['', { self: false, origins: [] }],
      [' , ', { self: false, origins: [] }],
    ])('reads %j', (value, expected) => {
      const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      expect(apiOrigins(value)).toEqual(expected);
      expect(error).not.toHaveBeenCalled();
    });

    it.each([
      ['*', 'a wildcard would hand the token to every origin'],
      ['https://*.example.com', 'a wildcard host'],
      ['null', 'the opaque origin of sandboxed frames and files'],
      ['https://api.example.com/v1', 'a path: the token goes to the whole origin, not a path'],
      ['https://api.example.com/v1/', 'a path with a trailing slash'],
      ['https://api.example.com?x=1', 'a query'],
      ['https://api.example.com#x', 'a fragment'],
      ['https://user@api.example.com', 'userinfo'],
      ['https://api.example.com@evil.com', 'userinfo that looks like the host'],
      ['https://user:pass@api.example.com', 'userinfo with a password'],
      ['api.example.com', 'no scheme'],
      ['//api.example.com', 'scheme-relative'],
      ['https:api.example.com', 'no slashes'],
      ['ftp://api.example.com', 'not http(s)'],
      ['javascript:alert(1)', 'a script URL'],
      ['https://', 'no host'],
      ['self,garbage', 'one bad entry among good ones'],
      ['https://api.example.com https://b.example.com', 'separated by a space, not a comma'],
      ['http://api.example.com', 'plain http off loopback in a production build'],
      ['http://127.0.0.1.evil.example', 'a look-alike of loopback'],
    ])('refuses %j (%s): one console error naming it, and no origin receives the token', (value) => {
      const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      expect(apiOrigins(value)).toEqual({ self: false, origins: [] });
      expect(error).toHaveBeenCalledOnce();
      expect(error.mock.calls[0]?.[0]).toContain('VITE_API_ORIGINS');
    });

    it('takes plain http anywhere in a development build', () => {
      const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      expect(apiOrigins('http://api.example.com', { MODE: 'development', PROD: false })).toEqual({
        self: false,
        origins: ['http://api.example.com'],
      });
      expect(error).not.toHaveBeenCalled();
    });
  });

  describe('VITE_ERROR_REPORT_URL (where error reports go)', () => {
    const reportUrl = (value: string, base: Record<string, string | boolean> = production) =>
      parseEnv({ ...base, VITE_ERROR_REPORT_URL: value }).errorReportUrl;

    it.each([
      ['https://errors.example.com/report', 'https://errors.example.com/report'],
      [' HTTPS://Errors.Example.COM:443/r?key=abc ', 'https://errors.example.com/r?key=abc'],
      ['https://errors.example.com', 'https://errors.example.com/'],
      ['http://127.0.0.1:9000/reports', 'http://127.0.0.1:9000/reports'],
      ['http://[::1]:9000/', 'http://[::1]:9000/'],
      ['', null],
    ])('reads %j as %j', (value, expected) => {
      const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      expect(reportUrl(value)).toBe(expected);
      expect(error).not.toHaveBeenCalled();
    });

    it.each([
      ['http://errors.example.com/r', 'plain http off loopback in a production build'],
      ['http://127.0.0.1.evil.example/r', 'a look-alike of loopback'],
      ['javascript:alert(1)', 'a script URL'],
      ['JaVaScRiPt:alert(1)//https://errors.example.com', 'a script URL in mixed case'],
      ['data:text/plain,x', 'a data URL'],
      ['https&#58;//errors.example.com/r', 'an entity-encoded scheme separator'],
      ['&#104;ttps://errors.example.com/r', 'an entity-encoded scheme'],
      ['https%3A%2F%2Ferrors.example.com%2Fr', 'a percent-encoded URL'],
      ['https://user:pass@errors.example.com/r', 'credentials'],
      ['https://token@errors.example.com/r', 'a user name'],
      ['https://errors.example.com/r#frag', 'a fragment'],
      ['https://errors.example.com/r#', 'an empty fragment'],
      ['https://*.example.com/r', 'a wildcard host'],
      ["https://errors.example.com/r;script-src 'unsafe-inline'", 'a CSP directive separator'],
      ['https://errors.example.com/r,x', 'a header list separator'],
      ['https://errors.example.com/$host', 'an nginx variable'],
      ["https://errors.example.com/r'x", 'a quote'],
      ['//errors.example.com/r', 'scheme-relative'],
      ['/errors', 'a path'],
      ['not a url', 'not a URL'],
    ])('refuses %j (%s): one console error naming it, and no reports', (value) => {
      const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      expect(reportUrl(value)).toBeNull();
      expect(error).toHaveBeenCalledOnce();
      expect(error.mock.calls[0]?.[0]).toContain('VITE_ERROR_REPORT_URL');
    });

    it('takes plain http anywhere in a development build', () => {
      const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      expect(reportUrl('http://errors.example.com/r', { MODE: 'development', PROD: false })).toBe(
        'http://errors.example.com/r',
      );
      expect(error).not.toHaveBeenCalled();
    });
  });

  describe('VITE_IDLE_TIMEOUT_MINUTES (idle sign-out)', () => {
    const signIn = { VITE_OIDC_AUTHORITY: 'https://idp.example', VITE_OIDC_CLIENT_ID: 'c' };
    const minutes = (value: string, base: Record<string, string | boolean> = { ...production, ...signIn }) =>
      parseEnv({ ...base, VITE_IDLE_TIMEOUT_MINUTES: value }).idleTimeoutMinutes;

    it.each([
      ['2', 2],
      [' 15 ', 15],
      ['1440', 1440],
      ['0030', 30],
      ['', undefined],
    ])('reads %j as %j', (value, expected) => {
      const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      expect(minutes(value)).toBe(expected);
      expect(error).not.toHaveBeenCalled();
    });

    it.each([
      ['1', 'below the minimum'],
      ['0', 'zero'],
      ['1441', 'above the maximum'],
      ['-5', 'negative'],
      ['+5', 'a sign'],
      ['2.5', 'a fraction'],
      ['5.0', 'a decimal point'],
      ['1e3', 'an exponent'],
      ['0x10', 'hexadecimal'],
      ['Infinity', 'infinity'],
      ['NaN', 'not a number'],
      ['١٠', 'Arabic-Indic digits'],
      ['１０', 'full-width digits'],
      ['10 minutes', 'a unit'],
      ['99999999999999999999', 'too long'],
    ])('refuses %j (%s): one console error naming it, and the feature off', (value) => {
      const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      expect(minutes(value)).toBeUndefined();
      expect(error).toHaveBeenCalledOnce();
      expect(error.mock.calls[0]?.[0]).toContain('VITE_IDLE_TIMEOUT_MINUTES');
    });

    it('needs sign-in: without it, one console error and the feature off', () => {
      const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      expect(minutes('10', production)).toBeUndefined();
      expect(error).toHaveBeenCalledOnce();
      expect(error.mock.calls[0]?.[0]).toMatch(/VITE_IDLE_TIMEOUT_MINUTES.*needs sign-in/);
    });
  });

  describe('Cognito identity pool', () => {
    const POOL_ID = 'eu-west-1:0f8b2d3e-4c5a-4b6d-8e7f-9a0b1c2d3e4f';

    it('reads the pool id and defaults the endpoint to the pool region', () => {
      const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      expect(parseEnv({ ...production, VITE_COGNITO_IDENTITY_POOL_ID: ` ${POOL_ID} ` }).cognitoIdentity).toEqual({
        identityPoolId: POOL_ID,
        region: 'eu-west-1',
        endpoint: 'https://cognito-identity.eu-west-1.amazonaws.com/',
      });
      const china = parseEnv({
        ...production,
        VITE_COGNITO_IDENTITY_POOL_ID: POOL_ID.replace('eu-west-1', 'cn-north-1'),
      });
      expect(china.cognitoIdentity?.endpoint).toBe('https://cognito-identity.cn-north-1.amazonaws.com.cn/');
      expect(error).not.toHaveBeenCalled();
    });

    it('keeps an endpoint override as given, its path and trailing slash included', () => {
      const env = parseEnv({
        ...production,
        VITE_COGNITO_IDENTITY_POOL_ID: POOL_ID,
        VITE_COGNITO_IDENTITY_ENDPOINT: 'http://127.0.0.1:5174/identity/',
      });
      expect(env.cognitoIdentity?.endpoint).toBe('http://127.0.0.1:5174/identity/');
    });

    it('is off without a pool id, even with an endpoint', () => {
      const env = parseEnv({ ...production, VITE_COGNITO_IDENTITY_ENDPOINT: 'https://identity.example.com/' });
      expect(env.cognitoIdentity).toBeNull();
    });

    it.each([
      [{ VITE_COGNITO_IDENTITY_POOL_ID: 'eu-west-1' }, 'VITE_COGNITO_IDENTITY_POOL_ID'],
      [{ VITE_COGNITO_IDENTITY_POOL_ID: 'eu-west-1:not-a-uuid' }, 'VITE_COGNITO_IDENTITY_POOL_ID'],
      [{ VITE_COGNITO_IDENTITY_POOL_ID: 'eu-west-1_AbCdEf' }, 'VITE_COGNITO_IDENTITY_POOL_ID'],
      [{ VITE_COGNITO_IDENTITY_POOL_ID: POOL_ID.toUpperCase() }, 'VITE_COGNITO_IDENTITY_POOL_ID'],
      [{ VITE_COGNITO_IDENTITY_POOL_ID: `evil.example/x:${POOL_ID.slice(10)}` }, 'VITE_COGNITO_IDENTITY_POOL_ID'],
      [{ VITE_COGNITO_IDENTITY_POOL_ID: `${POOL_ID}\nx` }, 'VITE_COGNITO_IDENTITY_POOL_ID'],
      [{ VITE_COGNITO_IDENTITY_POOL_ID: '__proto__' }, 'VITE_COGNITO_IDENTITY_POOL_ID'],
      [
        { VITE_COGNITO_IDENTITY_POOL_ID: POOL_ID, VITE_COGNITO_IDENTITY_ENDPOINT: 'not a url' },
        'VITE_COGNITO_IDENTITY_ENDPOINT',
      ],
      [
        { VITE_COGNITO_IDENTITY_POOL_ID: POOL_ID, VITE_COGNITO_IDENTITY_ENDPOINT: 'javascript:alert(1)//' },
        'VITE_COGNITO_IDENTITY_ENDPOINT',
      ],
      [
        { VITE_COGNITO_IDENTITY_POOL_ID: POOL_ID, VITE_COGNITO_IDENTITY_ENDPOINT: 'http://identity.example.com/' },
        'VITE_COGNITO_IDENTITY_ENDPOINT',
      ],
      [
        { VITE_COGNITO_IDENTITY_POOL_ID: POOL_ID, VITE_COGNITO_IDENTITY_ENDPOINT: 'http://127.0.0.1.evil.example/' },
        'VITE_COGNITO_IDENTITY_ENDPOINT',
      ],
    ] as const)('refuses %j with one console error naming %s, AWS credentials off', (raw, name) => {
      const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const env = parseEnv({ ...production, ...raw });
      expect(env.cognitoIdentity).toBeNull();
      expect(error).toHaveBeenCalledOnce();
      expect(error.mock.calls[0]?.[0]).toContain(name);
    });

    it('accepts a plain-http endpoint on loopback in production, and anywhere in development', () => {
      const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const loopback = parseEnv({
        ...production,
        VITE_COGNITO_IDENTITY_POOL_ID: POOL_ID,
        VITE_COGNITO_IDENTITY_ENDPOINT: 'http://localhost:5174/identity/',
      });
      expect(loopback.cognitoIdentity?.endpoint).toBe('http://localhost:5174/identity/');
      const development = parseEnv({
        MODE: 'development',
        PROD: false,
        VITE_COGNITO_IDENTITY_POOL_ID: POOL_ID,
        VITE_COGNITO_IDENTITY_ENDPOINT: 'http://identity.example.com/',
      });
      expect(development.cognitoIdentity?.endpoint).toBe('http://identity.example.com/');
      expect(error).not.toHaveBeenCalled();
    });

    it('does not depend on sign-in: a pool without an authority serves guests', () => {
      expect(parseEnv({ ...production, VITE_COGNITO_IDENTITY_POOL_ID: POOL_ID })).toMatchObject({
        oidc: null,
        cognitoIdentity: { identityPoolId: POOL_ID },
      });
    });
  });

  describe('VITE_API_URL (the product API)', () => {
    const api = (value: string, base: Record<string, string | boolean> = production) =>
      parseEnv({ ...base, VITE_API_URL: value });

    it('takes an https URL, or plain http on loopback, without its trailing slash, and its origin gets the token', () => {
      expect(api('https://abc123.execute-api.eu-west-1.amazonaws.com/')).toMatchObject({
        apiUrl: 'https://abc123.execute-api.eu-west-1.amazonaws.com',
        apiOrigins: { self: false, origins: ['https://abc123.execute-api.eu-west-1.amazonaws.com'] },
      });
      expect(api('https://API.example.com:8443/v1//')).toMatchObject({
        apiUrl: 'https://api.example.com:8443/v1',
        apiOrigins: { origins: ['https://api.example.com:8443'] },
      });
      expect(api('http://127.0.0.1:5174/api').apiUrl).toBe('http://127.0.0.1:5174/api');
      expect(api('http://localhost:5174/api').apiUrl).toBe('http://localhost:5174/api');
      const withOthers = api('https://api.example.com/v1', {
        ...production,
        VITE_API_ORIGINS: 'self, https://api.example.com, https://other.example.com',
      });
      expect(withOthers.apiOrigins).toEqual({
        self: true,
        origins: ['https://api.example.com', 'https://other.example.com'],
      });
    });

    it.each([
      ['plain http off loopback', 'http://api.example.com/v1'],
      ['not a URL', 'api/v1'],
      ['a path only', '/api'],
      ['another scheme', 'javascript:alert(1)//'],
      ['an entity-encoded scheme', 'https&#58;//api.example.com'],
      ['protocol-relative', '//api.example.com'],
      ['credentials', 'https://user:secret@api.example.com/v1'],
      ['a query', 'https://api.example.com/v1?x=1'],
      ['an empty query', 'https://api.example.com/v1?'],
      ['a fragment', 'https://api.example.com/v1#top'],
    ])('refuses %s with one error naming it: no API, no token for it', (_, value) => {
      const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      expect(api(value)).toMatchObject({ apiUrl: null, apiOrigins: { self: false, origins: [] } });
      expect(error).toHaveBeenCalledOnce();
      expect(error.mock.calls[0]?.[0]).toContain('VITE_API_URL');
    });

    it('is unset when empty, and takes plain http anywhere in development', () => {
      expect(api('  ').apiUrl).toBeNull();
      expect(api('http://api.test/v1', { MODE: 'development', PROD: false }).apiUrl).toBe('http://api.test/v1');
    });
  });

  // example: books {
  describe('VITE_BOOKS_API_URL', () => {
    const books = (value: string, base: Record<string, string | boolean> = production) =>
      parseEnv({ ...base, VITE_BOOKS_API_URL: value });

    it('takes an https URL, or plain http on loopback, without its trailing slash, and its origin gets the token', () => {
      expect(books('https://api.example.com/v1/books/')).toMatchObject({
        booksApiUrl: 'https://api.example.com/v1/books',
        apiOrigins: { self: false, origins: ['https://api.example.com'] },
      });
      expect(books('http://127.0.0.1:5174/api/books').booksApiUrl).toBe('http://127.0.0.1:5174/api/books');
      const both = books('https://API.example.com/books', {
        ...production,
        VITE_API_ORIGINS: 'https://api.example.com',
      });
      expect(both.apiOrigins.origins).toEqual(['https://api.example.com']);
    });

    it.each([
      ['plain http off loopback', 'http://api.example.com/books'],
      ['not a URL', 'api/books'],
      ['another scheme', 'javascript:alert(1)//'],
      ['credentials', 'https://user:secret@api.example.com/books'],
      ['a query', 'https://api.example.com/books?x=1'],
      ['an empty query', 'https://api.example.com/books?'],
      ['a fragment', 'https://api.example.com/books#top'],
    ])('refuses %s with one error naming it: no Books, no token for it', (_, value) => {
      const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      expect(books(value)).toMatchObject({ booksApiUrl: null, apiOrigins: { self: false, origins: [] } });
      expect(error).toHaveBeenCalledOnce();
      expect(error.mock.calls[0]?.[0]).toContain('VITE_BOOKS_API_URL');
    });

    it('takes plain http anywhere in development', () => {
      expect(books('http://books.test/api', { MODE: 'development', PROD: false }).booksApiUrl).toBe(
        'http://books.test/api',
      );
    });
  });
  // example: books }
});
