import type { AppEnv } from './parse-env';

export type { ApiOrigins, AppEnv, CognitoIdentityEnv, OidcEnv } from './parse-env';

declare const __APP_ENV__: { env: AppEnv; problems: readonly string[] };

// The bundle carries the result, not the checks; what they found is still said where it matters.
for (const problem of __APP_ENV__.problems) console.error(problem);

export const env: AppEnv = __APP_ENV__.env;
