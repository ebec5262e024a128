import { cachedPromise } from '../../lib/cached-promise';
import type { AwsCredentials } from './cognito-identity';

export interface AwsRequestOptions {
  /** The AWS service's signing name, e.g. `s3`, `execute-api`, `lambda`. */
  service: string;
  region: string;
}

const loadAws4fetch = cachedPromise(() => import('aws4fetch'));

/** `20261021T072800Z`: Signature V4's time stamp. */
const amzDate = (time: number) => new Date(time).toISOString().replace(/[:-]|\.\d{3}/g, '');

/**
 * `fetch` signed with AWS Signature V4 by aws4fetch (loaded on first use), without its retries:
 * it answers like fetch. `clockOffsetMs` (AWS's clock minus the browser's) dates the signature on
 * AWS's clock, which checks it.
 */
export async function signedFetch(
  credentials: AwsCredentials,
  input: RequestInfo | URL,
  init: RequestInit | undefined,
  { service, region, clockOffsetMs = 0 }: AwsRequestOptions & { clockOffsetMs?: number },
): Promise<Response> {
  const { AwsClient } = await loadAws4fetch();
  const { accessKeyId, secretAccessKey, sessionToken } = credentials;
  const client = new AwsClient({ accessKeyId, secretAccessKey, sessionToken, service, region, retries: 0 });
  return client.fetch(input, { ...init, aws: { datetime: amzDate(Date.now() + clockOffsetMs) } });
}
