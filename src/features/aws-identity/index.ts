// AWS credentials from a Cognito identity pool, for guests and signed-in users; its code loads after the first page.
export { awsIdentity, getAwsCredentials } from './aws-credentials';
export { loadAwsCredentials } from './load-aws-credentials';
/** @public For product code: a request signed with the visitor's AWS credentials (docs/identity-pool.md). */
export { awsFetch, type AwsCredentials, type AwsFetchOptions } from './aws-credentials';
