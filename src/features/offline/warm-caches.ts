/**
 * Requests again, through the worker that now controls the tab, every file of ours under
 * /assets/ the page loaded before it had a worker: lazy pages, the settings chunk, the toaster,
 * the active language… The worker caches each as it passes, so the next visit works offline.
 */
export function warmCaches(
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
  return Promise.allSettled([...urls].map((url) => fetchFile(url)));
}
