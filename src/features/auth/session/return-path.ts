import { CALLBACK_PARAMS } from './callback-url';

const MAX_RETURN_PATH_LENGTH = 2048;
const ANSWER_PARAMS = new Set(CALLBACK_PARAMS);

function isAnswerParam(pair: string): boolean {
  try {
    return ANSWER_PARAMS.has(decodeURIComponent(pair.replace(/=.*$/s, '').replace(/\+/g, ' ')).toLowerCase());
  } catch {
    return true;
  }
}

// A sign-in answer's parameters never come back (in any case or encoding); the others stay exactly as written.
function withoutAnswer(search: string): string {
  const pairs = search.slice(1).split('&');
  if (!pairs.some(isAnswerParam)) return search;
  const kept = pairs.filter((pair) => pair && !isAnswerParam(pair));
  return kept.length ? `?${kept.join('&')}` : '';
}

// Never `//` or `/\` first: `/.//evil.com` resolves to `//evil.com`, which a browser reads as another host.
export function safeReturnPath(value: unknown, origin: string): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.length > MAX_RETURN_PATH_LENGTH) return '/';
  try {
    const url = new URL(value, origin);
    if (url.origin !== origin) return '/';
    const path = `${url.pathname}${withoutAnswer(url.search)}${url.hash}`;
    return /^\/[/\\]/.test(path) ? '/' : path;
  } catch {
    return '/';
  }
}
