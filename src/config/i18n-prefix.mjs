// Plain JavaScript: the app fetches its translations under this prefix, and the build's CSP lets it connect there.
import { LOOPBACK_HOSTS } from './error-report-url.mjs';

const OWN = 'https://own.invalid';
const PLAIN_PATH = /^\/(?:[\w\-.~]+\/?)*$/;

export function checkI18nPrefix(value, production, refuse) {
  if (value.startsWith('/')) {
    const own = PLAIN_PATH.test(value) && new URL(value, OWN);
    if (!own || own.origin !== OWN || own.pathname !== value) {
      return refuse(`"${value}" is not a plain path on the app's own origin`);
    }
    return value.replace(/\/+$/, '');
  }
  let url;
  try {
    url = new URL(value);
  } catch {
    return refuse(`"${value}" is not a path (starting with /) or a URL`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return refuse('must be an https URL');
  if (production && url.protocol === 'http:' && !LOOPBACK_HOSTS.has(url.hostname)) {
    return refuse(`must use https in a production build ("${value}" is plain http and not loopback)`);
  }
  if (url.username || url.password || /[?#]/.test(value))
    return refuse('must not carry credentials, a query or a hash');
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}
