import { base64Text, decodeLayers, REDACTED } from './decode';
import { isSecretValue, isWholeLineSecret } from './secret-names';

// After a URL's, path's or bare `?key=` query's `?` or `#` the line goes, but a frame's `:line:column` (see docs).
const QUERY = /\?(?:(?<=(?:\/|\w\.\w)[^\s?#]*\?)|(?=[\w.%[\]-]*=))[^\n]*/g;
const QUERY_OR_HASH = /[?#](?:(?<=(?:\/|\w\.\w)[^\s?#]*[?#])|(?=[\w.%[\]-]*=))[^\n]*/g;
const FRAME_POSITION = /(?::\d+){1,2}\)?$/;
const URL_CREDENTIALS = /(?<![\w+.:/-])((?:[a-z][\w+.-]*:)?\/\/)[^\s/?#]*@/gi;
const JWT = /\beyJ[\w-]+\.[\w-]+(?:\.[\w-]*)*/g;
const AUTH_SCHEME = /\b(Bearer|Basic)\s+[\w\-.~+/]+=*/gi;
const KEY_VALUE =
  /(?<![\w.-])(["'`]?)([A-Za-z][\w.-]*(?: [A-Za-z][\w.-]*)?)\1(\s*[:=]\s*)("[^"\n]*"|'[^'\n]*'|`[^`\n]*`|(["'`]?)((?:(?:bearer|basic|digest|negotiate|aws4-hmac-sha256)\s+)?)(?:\[redacted\]|[^\s"'`,;&|<>(){}[\]]+))/gi;
const AWS_KEY_ID = /\b(?:AKIA|ASIA|AIDA|AROA|AIPA|ANPA|ANVA|AGPA|ABIA|ACCA)[A-Z\d]{16}\b/g;
const SECRET_KEY_SHAPE = /(?<![A-Za-z\d+/=])[A-Za-z\d+/]{40,}={0,2}(?![A-Za-z\d+/=])/g;
const EMAIL = /(?<![\p{L}\p{N}._%+-])[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/gu;
const LONG_RUN = /[\w-]{32,}/g;
const BASE64_RUN = /[A-Za-z\d+/_-]{12,}={0,2}/g;

const SHORTEST_KNOWN = 3;
const ANYWHERE_FROM = 6;
const MAX_KNOWN = 200;
const BASE64_DEPTH = 2;

const isMixed = (run: string) => /\d/.test(run) && /[a-z]/.test(run) && /[A-Z]/.test(run);
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const cut = (pattern: RegExp) => (text: string) =>
  text.replace(pattern, (rest) => FRAME_POSITION.exec(rest)?.[0] ?? '');
const cutQueries = cut(QUERY);
const cutQueriesAndHashes = cut(QUERY_OR_HASH);

function redactedValue(name: string, value: string, open: string, scheme: string): string | null {
  const quote = value.charAt(0);
  const closed = value.length > 1 && /["'`]/.test(quote) && value.endsWith(quote);
  if (!isSecretValue(name, closed ? value.slice(1, -1) : value)) return null;
  return closed ? `${quote}${REDACTED}${quote}` : `${open}${scheme}${REDACTED}`;
}

// A pair whose name is no secret is read again from its value on, so `Error: password: x` still finds `password`.
function redactPairs(text: string): string {
  const pairs = new RegExp(KEY_VALUE.source, KEY_VALUE.flags);
  let result = '';
  let copied = 0;
  for (let match = pairs.exec(text); match; match = pairs.exec(text)) {
    const [whole, , name = '', , value = '', open = '', scheme = ''] = match;
    const valueAt = match.index + whole.length - value.length;
    if (isWholeLineSecret(name)) {
      const lineEnd = text.indexOf('\n', valueAt);
      const quote = /["'`]/.test(value.charAt(0)) ? value.charAt(0) : '';
      result += `${text.slice(copied, valueAt)}${quote}${REDACTED}`;
      copied = lineEnd === -1 ? text.length : lineEnd;
    } else {
      const kept = redactedValue(name, value, open, scheme);
      if (kept === null) {
        pairs.lastIndex = valueAt;
        continue;
      }
      result += `${text.slice(copied, valueAt)}${kept}`;
      copied = valueAt + value.length;
    }
    pairs.lastIndex = copied;
  }
  return result + text.slice(copied);
}

// Under 3 characters a value would wipe ordinary words: never matched; up to 5 as whole words; longer ones anywhere.
function knownValues(known: readonly string[]): RegExp | null {
  const values = new Set<string>();
  for (const value of known) {
    const decoded = decodeLayers(value.trim())?.trim();
    if (decoded && [...decoded].length >= SHORTEST_KNOWN) values.add(decoded);
  }
  const patterns = [...values]
    .sort((a, b) => b.length - a.length)
    .slice(0, MAX_KNOWN)
    .map((value) => {
      const pattern = value.split(/\s+/).map(escapeRegExp).join('[\\s+]+');
      return [...value].length >= ANYWHERE_FROM ? pattern : `(?<![\\p{L}\\p{N}])${pattern}(?![\\p{L}\\p{N}])`;
    });
  return patterns.length ? new RegExp(patterns.join('|'), 'giu') : null;
}

function scrubDecoded(text: string, known: RegExp | null, depth: number): string {
  let result = redactPairs(
    text.replace(URL_CREDENTIALS, '$1').replace(JWT, REDACTED).replace(AUTH_SCHEME, `$1 ${REDACTED}`),
  )
    .replace(AWS_KEY_ID, REDACTED)
    .replace(SECRET_KEY_SHAPE, (run) => (isMixed(run) ? REDACTED : run))
    .replace(EMAIL, REDACTED);
  if (known) result = result.replace(known, REDACTED);
  result = result.replace(LONG_RUN, (run) => (/\d/.test(run) && /[a-z]/i.test(run) ? REDACTED : run));
  if (depth >= BASE64_DEPTH) return result;
  return result.replace(BASE64_RUN, (run) => {
    const decoded = base64Text(run);
    return decoded !== null && scrubText(decoded, known, depth + 1) !== decoded ? REDACTED : run;
  });
}

function scrubText(text: string, known: RegExp | null, depth: number): string {
  const decoded = decodeLayers(text, cutQueries);
  return decoded === null ? REDACTED : scrubDecoded(cutQueriesAndHashes(decoded), known, depth);
}

export function scrubber(known: readonly string[]): (text: string) => string {
  const values = knownValues(known);
  return (text) => scrubText(text, values, 0);
}
