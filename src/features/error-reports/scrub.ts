const REDACTED = '[redacted]';

const URL_CREDENTIALS = /\b([a-z][\w+.-]*:\/\/)[^\s/?#@]*@/gi;
// Up to a stack frame's `:line:column`, which stays.
const QUERY_OR_HASH = /(?<=\S)[?#][^\s"'<>()]+?(?=(?::\d+){1,2}(?:[\s)"'<>]|$)|[\s"'<>()]|$)/g;
const JWT = /\beyJ[\w-]+\.[\w-]+(?:\.[\w-]*)*/g;
const AUTHORIZATION = /\b(Bearer|Basic)\s+[\w\-.~+/]+=*/gi;
const SECRET_VALUE =
  /\b(access_token|id_token|refresh_token|token|code|code_verifier|state|session_state|client_secret|password|secret|api_?key|accessKeyId|secretKey|secretAccessKey|sessionToken)(=|"\s*:\s*")([^\s"&,;}]+)/gi;
const AWS_KEY_ID = /\b(?:AKIA|ASIA)[A-Z0-9]{16}\b/g;
const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;
const LONG_RUN = /[\w-]{32,}/g;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const exactly = (value: string) => new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(value)}(?![\\p{L}\\p{N}])`, 'giu');

// Whatever a report carries passes here: no query, hash, token, sign-in code or known secret leaves the page.
export function scrub(text: string, secrets: readonly string[]): string {
  let result = text
    .replace(URL_CREDENTIALS, '$1')
    .replace(QUERY_OR_HASH, '')
    .replace(JWT, REDACTED)
    .replace(AUTHORIZATION, `$1 ${REDACTED}`)
    .replace(SECRET_VALUE, `$1$2${REDACTED}`)
    .replace(AWS_KEY_ID, REDACTED)
    .replace(EMAIL, REDACTED);
  for (const secret of secrets) if (secret.length > 1) result = result.replace(exactly(secret), REDACTED);
  return result.replace(LONG_RUN, (run) => (/\d/.test(run) && /[a-z]/i.test(run) ? REDACTED : run));
}
