import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeStack, readLastDeploy } from './deployed-values.ts';

const OUTPUTS = [
  { OutputKey: 'OidcAuthority', OutputValue: 'https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_AbC' },
  { OutputKey: 'OidcClientId', OutputValue: 'client' },
  { OutputKey: 'CognitoDomain', OutputValue: 'https://snxt-1.auth.eu-west-1.amazoncognito.com' },
  { OutputKey: 'CognitoIdentityPoolId', OutputValue: 'eu-west-1:0f8b2d3e-4c5a-4b6d-8e7f-9a0b1c2d3e4f' },
  { OutputKey: 'SiteUrl', OutputValue: 'https://d1.cloudfront.net/' },
  { OutputKey: 'UserPoolId', OutputValue: 'eu-west-1_AbC' },
];

describe('the deployed stack', () => {
  it("gives the app's build values from its outputs, and its address", async () => {
    const stack = await describeStack(async () => ({ Stacks: [{ Outputs: OUTPUTS }] }), 'Snxt');
    expect(stack).toEqual({
      values: {
        VITE_OIDC_AUTHORITY: 'https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_AbC',
        VITE_OIDC_CLIENT_ID: 'client',
        VITE_COGNITO_DOMAIN: 'https://snxt-1.auth.eu-west-1.amazoncognito.com',
        VITE_COGNITO_IDENTITY_POOL_ID: 'eu-west-1:0f8b2d3e-4c5a-4b6d-8e7f-9a0b1c2d3e4f',
      },
      siteUrl: 'https://d1.cloudfront.net/',
    });
  });

  it('is none when CloudFormation has no such stack', async () => {
    const missing = Object.assign(new Error('Stack with id Snxt does not exist'), { name: 'ValidationError' });
    expect(await describeStack(() => Promise.reject(missing), 'Snxt')).toBeNull();
  });

  it('lets any other failure (no credentials, no access) through', async () => {
    const denied = Object.assign(new Error('User is not authorized'), { name: 'AccessDenied' });
    await expect(describeStack(() => Promise.reject(denied), 'Snxt')).rejects.toThrow(/not authorized/);
  });
});

describe("the last deploy's values (for an offline synth)", () => {
  const file = (text: string) => {
    const path = join(mkdtempSync(join(tmpdir(), 'snxt-last-')), 'last-deploy.json');
    writeFileSync(path, text);
    return path;
  };

  it('are none before the first deploy', () => {
    expect(readLastDeploy(join(tmpdir(), 'no-such-dir', 'last-deploy.json'))).toEqual({});
  });

  it('are only the known variables with string values, whatever else the file holds', () => {
    const stored = file(
      JSON.stringify({
        VITE_OIDC_CLIENT_ID: 'client',
        VITE_COGNITO_DOMAIN: 42,
        VITE_ERROR_REPORT_URL: 'https://evil.example.com',
        ['__proto__']: { VITE_OIDC_AUTHORITY: 'https://evil.example.com' },
      }),
    );
    expect(readLastDeploy(stored)).toEqual({ VITE_OIDC_CLIENT_ID: 'client' });
    expect(readLastDeploy(file('[]'))).toEqual({});
    expect(readLastDeploy(file('null'))).toEqual({});
  });

  it('refuse a file that is not JSON, saying what to do', () => {
    expect(() => readLastDeploy(file('{'))).toThrow(/not the JSON a deploy writes: delete it/);
  });
});
