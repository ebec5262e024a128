// Names compared without case, `-`, `_` or a dotted prefix: access_token, accessToken, X-Amz-Security-Token, user.password.
const SECRET_NAMES = new Set(['code', 'state', 'session', 'sid', 'nonce', 'otp', 'jwt', 'assertion']);
const SECRET_ENDINGS = [
  'token',
  'secret',
  'password',
  'passwd',
  'passphrase',
  'authorization',
  'apikey',
  'accesskey',
  'accesskeyid',
  'secretkey',
  'privatekey',
  'sessionid',
  'sessionstate',
  'verifier',
  'signature',
  'credential',
  'credentials',
  'cookie',
  'loginhint',
  'tokenhint',
];
// A status or ready state is a short number; no sign-in code or state is.
const NUMBER_NAMES = new Set(['code', 'state']);

const normalized = (name: string) => (name.split('.').pop() ?? '').replace(/[-_]/g, '').toLowerCase();

export function isSecretValue(name: string, value: string): boolean {
  const key = normalized(name);
  if (NUMBER_NAMES.has(key) && /^\d{1,3}$/.test(value)) return false;
  return SECRET_NAMES.has(key) || SECRET_ENDINGS.some((ending) => key.endsWith(ending));
}
