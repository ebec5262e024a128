import { yieldToMain } from '../../lib/yield-to-main';

const REQUESTS_PER_TASK = 4;

// What the page loaded before it had a worker, requested again through it, so the next visit works offline.
export async function warmCaches(
  entries: readonly Pick<PerformanceEntry, 'name'>[] = performance.getEntriesByType('resource'),
  origin = location.origin,
  fetchFile: (url: string) => Promise<unknown> = (url) => fetch(url, { credentials: 'same-origin' }),
): Promise<unknown> {
  const urls = new Set<string>();
  for (const { name } of entries) {
    let url: URL;
    try {
      url = new URL(name);
    } catch {
      continue;
    }
    if (url.origin === origin && url.pathname.startsWith('/assets/')) urls.add(url.href);
  }
  // A few requests per task: thirty at once are one long task on a phone, while the page is in use.
  const requests: Promise<unknown>[] = [];
  for (const [index, url] of [...urls].entries()) {
    if (index > 0 && index % REQUESTS_PER_TASK === 0) await yieldToMain();
    requests.push(fetchFile(url));
  }
  return Promise.allSettled(requests);
}
