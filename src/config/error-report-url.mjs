// Plain JavaScript: the app sends its error reports to this URL, and the build's CSP reports violations to it.

export const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

// The URL goes verbatim into headers: `;` `,` `'` `"` `$` or a space would end a CSP directive, split a header list or
// start an nginx variable.
const HEADER_SAFE = /^[\w\-.~:/?=&%+@[\]]+$/;

/** @returns {{ url: string } | { problem: string }} */
export function checkErrorReportUrl(value, production) {
  let url;
  try {
    url = new URL(value);
  } catch {
    return { problem: `"${value}" is not a URL` };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { problem: 'must be an http(s) URL' };
  if (production && url.protocol === 'http:' && !LOOPBACK_HOSTS.has(url.hostname)) {
    return { problem: `must use https in a production build ("${value}" is plain http and not loopback)` };
  }
  if (url.username || url.password) return { problem: 'must not carry credentials' };
  if (value.includes('#')) return { problem: 'must not have a fragment' };
  if (!HEADER_SAFE.test(url.href) || url.hostname.includes('*')) {
    return { problem: `"${value}" has characters a header cannot carry as they are` };
  }
  return { url: url.href };
}
