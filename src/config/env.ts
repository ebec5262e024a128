import type { AppEnv } from './parse-env';

export type { ApiOrigins, AppEnv, CognitoIdentityEnv, OidcEnv } from './parse-env';

declare const __APP_ENV__: { env: AppEnv; problems: readonly string[] };

// The bundle carries the result, not the checks, once (each use of the define is a copy); what they found is said.
const { env: appEnv, problems } = __APP_ENV__;
for (const problem of problems) console.error(problem);

export const env: AppEnv = appEnv;
