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
});
