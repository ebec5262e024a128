// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { parseEnv } from '../src/config/parse-env';
import { localProviderEnv } from './dev-env.mjs';

const provider = {
  issuer: 'http://localhost:5174',
  identityPoolId: 'eu-west-1:0f8b2d3e-4c5a-4b6d-8e7f-9a0b1c2d3e4f',
  identityEndpoint: 'http://localhost:5174/identity/',
  apiUrl: 'http://localhost:5174/api',
};

describe('what npm start gives the dev server with the local provider', () => {
  it('sign-in (Cognito-style, passkeys included), the identity pool and the product API at the provider', () => {
    expect(localProviderEnv(provider, 'snxt-local', {})).toMatchObject({
      VITE_OIDC_AUTHORITY: 'http://localhost:5174',
      VITE_OIDC_CLIENT_ID: 'snxt-local',
      VITE_COGNITO_DOMAIN: 'http://localhost:5174',
      VITE_COGNITO_IDENTITY_POOL_ID: provider.identityPoolId,
      VITE_COGNITO_IDENTITY_ENDPOINT: provider.identityEndpoint,
      VITE_API_URL: 'http://localhost:5174/api',
    });
  });

  it('makes the local API an API origin by VITE_API_URL alone, so a page of the team gets the token with no example', () => {
    const env = parseEnv({ ...localProviderEnv(provider, 'snxt-local', {}), MODE: 'development', PROD: false });
    expect(env.apiUrl).toBe('http://localhost:5174/api');
    expect(env.apiOrigins.origins).toEqual(['http://localhost:5174']);
  });

  it('keeps a VITE_API_URL the developer set', () => {
    const configured = { VITE_API_URL: 'https://api.example.com/v1' };
    expect(localProviderEnv(provider, 'snxt-local', configured)).not.toHaveProperty('VITE_API_URL');
  });
});
