// The stack's outputs that are the app's build-time values: the deploy builds the app with them.

/** Output key → the VITE_* variable it fills. */
export const BUILD_VALUE_OUTPUTS = {
  OidcAuthority: 'VITE_OIDC_AUTHORITY',
  OidcClientId: 'VITE_OIDC_CLIENT_ID',
  CognitoDomain: 'VITE_COGNITO_DOMAIN',
  CognitoIdentityPoolId: 'VITE_COGNITO_IDENTITY_POOL_ID',
  ApiUrl: 'VITE_API_URL',
  BooksApiUrl: 'VITE_BOOKS_API_URL', // example: books
} as const;

export type BuildValues = Partial<Record<(typeof BUILD_VALUE_OUTPUTS)[keyof typeof BUILD_VALUE_OUTPUTS], string>>;

interface Output {
  readonly OutputKey?: string | undefined;
  readonly OutputValue?: string | undefined;
}

export function buildValuesOf(outputs: readonly Output[]): BuildValues {
  const values: BuildValues = {};
  for (const [key, variable] of Object.entries(BUILD_VALUE_OUTPUTS)) {
    const value = outputs.find((output) => output.OutputKey === key)?.OutputValue;
    if (value) values[variable] = value;
  }
  return values;
}
