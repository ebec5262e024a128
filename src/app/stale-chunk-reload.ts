import type { AnyRouter } from '@tanstack/react-router';
import { STALE_CHUNK_RELOAD_GUARD_MS } from '../config/constants';

/** sessionStorage key holding the time of the last stale-chunk reload (not `snxt-`: that is app state). */
export const RELOAD_MARKER_KEY = 'snxt:stale-chunk-reload-at';

export interface ReloadDeps {
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  reload: () => void;
  now: () => number;
}

function browserDeps(): ReloadDeps {
  let storage: Storage | null = null;
  try {
    storage = window.sessionStorage;
  } catch {
    // Storage blocked: without a marker we cannot guard against loops, so we never reload.
  }
  return { storage, reload: () => window.location.reload(), now: Date.now };
}

/**
 * Reloads the page to pick up a new deploy, unless it already did so moments ago (then the
 * chunk is really missing and reloading again would loop). Returns whether it reloads.
 */
export function reloadForStaleChunk(deps: ReloadDeps = browserDeps()): boolean {
  const { storage, reload, now } = deps;
  if (!storage) return false;
  try {
    const last = Number(storage.getItem(RELOAD_MARKER_KEY));
    if (last && now() - last >= 0 && now() - last < STALE_CHUNK_RELOAD_GUARD_MS) return false;
    storage.setItem(RELOAD_MARKER_KEY, String(now()));
  } catch {
    return false;
  }
  reload();
  return true;
}

type RouterLike = Pick<AnyRouter, 'subscribe'> & { state: { status: string } };

/**
 * TanStack Router's lazy route components reload once by themselves when their module is missing,
 * keyed by the error message in sessionStorage. After our reload that would be a second one (a
 * page failing once more after the reload looked like a loop): mark that reload as done.
 */
function claimRouterReload(event: Event, storage: ReloadDeps['storage']) {
  const error = (event as Event & { payload?: unknown }).payload;
  if (!(error instanceof Error)) return;
  try {
    storage?.setItem(`tanstack_router_reload:${error.message}`, '1');
  } catch {
    // Storage full or blocked: the router's own reload may follow; it too happens only once.
  }
}

/**
 * After a deploy, the chunks an open tab knows of are gone from the server. When one fails to
 * load while the router needs it (a navigation or the first load), reload once to get the new
 * build. A failed background preload alone does not reload: the user may be offline, and the
 * chunk is fetched again when it is needed. The marker is cleared once a navigation completes
 * without any chunk failure.
 */
export function installStaleChunkRecovery(
  router: RouterLike,
  target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window,
  deps: ReloadDeps = browserDeps(),
): () => void {
  let chunkFailed = false;
  const onPreloadError = (event: Event) => {
    chunkFailed = true;
    if (router.state.status === 'pending' && reloadForStaleChunk(deps)) claimRouterReload(event, deps.storage);
  };
  target.addEventListener('vite:preloadError', onPreloadError);
  const unsubscribe = router.subscribe('onResolved', () => {
    if (!chunkFailed) deps.storage?.removeItem(RELOAD_MARKER_KEY);
  });
  return () => {
    target.removeEventListener('vite:preloadError', onPreloadError);
    unsubscribe();
  };
}
