import { describe, expect, it, vi } from 'vitest';
import { parseEnv } from './env';

const production = { MODE: 'production', PROD: true };

describe('parseEnv', () => {
  it('has the documented defaults in a production build', () => {
    expect(parseEnv(production)).toEqual({
      appName: 'Starter Next',
      envName: 'PROD',
      production: true,
      test: false,
      i18nPrefix: '',
      oidc: null,
      cognitoIdentity: null,
      gaMeasurementId: null,
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

  it('keeps the app name and environment name when given', () => {
    expect(parseEnv({ ...production, VITE_APP_NAME: 'Acme', VITE_ENV_NAME: 'staging' })).toMatchObject({
      appName: 'Acme',
      envName: 'STAGING',
    });
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
});
