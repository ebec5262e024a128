import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { env, type CognitoIdentityEnv } from '../../config/env';
import { startTestState } from '../../test/test-state';
import { captureReports } from '../../test/capture-reports';
import { fakeCognito, TEST_POOL } from '../../test/fake-cognito';
import { auth } from '../auth';
import { awsFetch, awsIdentity, getAwsCredentials, startAwsCredentials, stopAwsCredentials } from './aws-credentials';

const pool: { current: CognitoIdentityEnv | null } = { current: null };

let cognito: ReturnType<typeof fakeCognito>;

beforeEach(() => {
  vi.spyOn(env, 'cognitoIdentity', 'get').mockImplementation(() => pool.current);
  cognito = fakeCognito();
  vi.stubGlobal('fetch', cognito.fetch);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  stopAwsCredentials();
  vi.unstubAllGlobals();
});

describe('without an identity pool', () => {
  beforeEach(() => {
    pool.current = null;
    startTestState();
  });

  it('starts nothing and asks nothing; product calls are refused', async () => {
    await startAwsCredentials();
    await expect(getAwsCredentials()).rejects.toThrow(/VITE_COGNITO_IDENTITY_POOL_ID/);
    await expect(awsFetch('https://s3.eu-west-1.amazonaws.com/b/k', undefined, { service: 's3' })).rejects.toThrow();
    expect(cognito.fetch).not.toHaveBeenCalled();
  });
});

describe('with an identity pool', () => {
  beforeEach(() => {
    pool.current = TEST_POOL;
    startTestState();
    captureReports();
  });

  it("start-up fetches a guest's credentials, which product code then gets without another request", async () => {
    await startAwsCredentials();
    await vi.waitFor(() => expect(awsIdentity.value.kind).toBe('guest'));
    const credentials = await Promise.all([getAwsCredentials(), getAwsCredentials(), getAwsCredentials()]);
    expect(new Set(credentials).size).toBe(1);
    expect(cognito.operations()).toEqual(['GetId', 'GetCredentialsForIdentity']);
  });

  it('awsFetch signs the request with them, in the pool region unless told otherwise', async () => {
    const { accessKeyId, sessionToken } = await getAwsCredentials();
    await awsFetch('https://abc.execute-api.eu-west-1.amazonaws.com/prod/items', undefined, { service: 'execute-api' });
    const signed = cognito.fetch.mock.calls.at(-1)![0] as Request;
    expect(signed.headers.get('authorization')).toContain(`Credential=${accessKeyId}/`);
    expect(signed.headers.get('authorization')).toContain('/eu-west-1/execute-api/aws4_request');
    expect(signed.headers.get('x-amz-security-token')).toBe(sessionToken);
    await awsFetch('https://sqs.us-east-1.amazonaws.com/', undefined, { service: 'sqs', region: 'us-east-1' });
    expect((cognito.fetch.mock.calls.at(-1)![0] as Request).headers.get('authorization')).toContain('/us-east-1/sqs/');
  });
});

describe('a session found ended at start-up', () => {
  const USER_ID = 'eu-west-1:9f1d2c3b-4a5e-4f60-8a7b-6c5d4e3f2a1b';

  beforeEach(() => {
    pool.current = TEST_POOL;
    startTestState({
      stored: {
        'snxt-AUTH': { isAuthenticated: true, user: { sub: 'user-1' } },
        'snxt-IDENTITY': { identityId: USER_ID },
      },
    });
    captureReports();
  });

  it("forgets the user's identity before the identity model loads: the guest after them gets one of its own", async () => {
    auth().sessionEnded();
    await startAwsCredentials();
    await vi.waitFor(() => expect(awsIdentity.value.kind).toBe('guest'));
    expect(cognito.calls[0]).toEqual({ operation: 'GetId', identityId: undefined, logins: undefined });
    expect(cognito.calls.map((call) => call.identityId)).not.toContain(USER_ID);
    expect(awsIdentity.value.identityId).not.toBe(USER_ID);
  });
});
