// Plain JavaScript: the app sends its error reports to this URL, and the build's CSP reports violations to it.

export const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

// Verbatim in headers: `;` ends a CSP directive, `,` splits a header list, `$` starts an nginx variable.
const HEADER_SAFE = /^[\w\-.~:/?=&%+@[\]]+$/;

export function checkErrorReportUrl(value, production, refuse) {
  let url;
  try {
    url = new URL(value);
  } catch {
    return refuse(`"${value}" is not a URL`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return refuse('must be an http(s) URL');
  if (production && url.protocol === 'http:' && !LOOPBACK_HOSTS.has(url.hostname)) {
    return refuse(`must use https in a production build ("${value}" is plain http and not loopback)`);
  }
  if (url.username || url.password) return refuse('must not carry credentials');
  if (value.includes('#')) return refuse('must not have a fragment');
  if (!HEADER_SAFE.test(url.href)) {
    return refuse(`"${value}" has characters a header cannot carry as they are`);
  }
  return url.href;
}
