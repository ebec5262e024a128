const GA_COOKIE = /^_ga(?:_.+)?$/;

/** The host and each parent domain (Google Analytics sets its cookies on the highest one it may); none for an IP. */
function cookieDomains(hostname: string): string[] {
  if (/^[\d.]+$|^\[.*\]$/.test(hostname)) return [];
  const labels = hostname.split('.');
  return labels.slice(0, -1).map((_, index) => labels.slice(index).join('.'));
}

export function deleteAnalyticsCookies(doc: Document, hostname: string): void {
  const names = new Set(doc.cookie.split(';').map((pair) => pair.replace(/=.*$/s, '').trim()));
  for (const name of [...names].filter((each) => GA_COOKIE.test(each))) {
    for (const domain of ['', ...cookieDomains(hostname)]) {
      doc.cookie = `${name}=; Max-Age=0; Path=/${domain && `; Domain=${domain}`}`;
    }
  }
}
