import { describe, expect, it, vi } from 'vitest';
import { parseEnv } from './env';

const production = { MODE: 'production', PROD: true };

describe('parseEnv', () => {
  it('has the SPEC §2 defaults in a production build', () => {
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
      advancedSecurityDataCollection: true,
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
});
