// Names compared without case, `-`, `_` or a dotted prefix: access_token, accessToken, X-Amz-Security-Token, user.password.
const SECRET_NAMES = new Set(['code', 'state', 'session', 'sid', 'nonce', 'otp', 'jwt', 'assertion']);
const SECRET_ENDINGS = [
  'token',
  'secret',
  'password',
  'passwd',
  'passphrase',
  'passcode',
  'pincode',
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
// Too short to match as endings (`spin`, `pinned`): a secret only as the name's last word (`pin`, `userPin`, `db.pwd`).
const SECRET_LAST_WORDS = new Set(['pin', 'pwd']);
// A status or ready state is a short number; no sign-in code or state is.
const NUMBER_NAMES = new Set(['code', 'state']);

const normalized = (name: string) => (name.split('.').pop() ?? '').replace(/[-_\s]/g, '').toLowerCase();
const lastWord = (name: string) =>
  (/(?:^|[^A-Za-z]|[a-z](?=[A-Z])|[A-Z](?=[A-Z][a-z]))([A-Z]?[a-z]+|[A-Z]+)$/.exec(name)?.[1] ?? '').toLowerCase();

function isSecretName(name: string, value: string): boolean {
  const key = normalized(name);
  if (NUMBER_NAMES.has(key) && /^\d{1,3}$/.test(value)) return false;
  if (SECRET_LAST_WORDS.has(lastWord(name))) return true;
  return SECRET_NAMES.has(key) || SECRET_ENDINGS.some((ending) => key.endsWith(ending));
}

export function isSecretValue(name: string, value: string): boolean {
  const words = name.split(' ');
  return isSecretName(name, value) || (words.length > 1 && isSecretName(words.at(-1) ?? '', value));
}

export const isWholeLineSecret = (name: string): boolean => normalized(name).endsWith('authorization');
