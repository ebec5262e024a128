import { describe, expect, it, vi } from 'vitest';
import { STALE_CHUNK_RELOAD_GUARD_MS } from '../config/constants';
import {
  installStaleChunkRecovery,
  RELOAD_MARKER_KEY,
  reloadForStaleChunk,
  type ReloadDeps,
} from './stale-chunk-reload';

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  };
}

function deps(start = 1_000_000) {
  const clock = { now: start };
  const reload = vi.fn<() => void>();
  const result: ReloadDeps & { clock: typeof clock; reload: typeof reload } = {
    storage: memoryStorage(),
    reload,
    now: () => clock.now,
    clock,
  };
  return result;
}

describe('reloadForStaleChunk', () => {
  it('reloads once, then not again within the guard time', () => {
    const d = deps();
    expect(reloadForStaleChunk(d)).toBe(true);
    d.clock.now += STALE_CHUNK_RELOAD_GUARD_MS - 1;
    expect(reloadForStaleChunk(d)).toBe(false);
    expect(d.reload).toHaveBeenCalledTimes(1);
  });

  it('reloads again once the guard time has passed', () => {
    const d = deps();
    reloadForStaleChunk(d);
    d.clock.now += STALE_CHUNK_RELOAD_GUARD_MS;
    expect(reloadForStaleChunk(d)).toBe(true);
    expect(d.reload).toHaveBeenCalledTimes(2);
  });

  it('never reloads without storage, since nothing could stop a loop', () => {
    const d = { ...deps(), storage: null };
    expect(reloadForStaleChunk(d)).toBe(false);
    expect(d.reload).not.toHaveBeenCalled();
  });

  it('does not reload when storage throws', () => {
    const d = deps();
    d.storage = {
      ...memoryStorage(),
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(reloadForStaleChunk(d)).toBe(false);
    expect(d.reload).not.toHaveBeenCalled();
  });
});

describe('installStaleChunkRecovery', () => {
  function fakeRouter(status: 'pending' | 'idle') {
    const listeners: (() => void)[] = [];
    return {
      state: { status },
      subscribe: vi.fn((_event: string, listener: () => void) => {
        listeners.push(listener);
        return () => listeners.splice(listeners.indexOf(listener), 1);
      }),
      resolve: () => listeners.forEach((listener) => listener()),
    };
  }
  const preloadError = () => new Event('vite:preloadError', { cancelable: true });

  it('reloads when a chunk fails while the router is loading a page', () => {
    const d = deps();
    const target = new EventTarget();
    installStaleChunkRecovery(fakeRouter('pending') as never, target as Window, d);
    target.dispatchEvent(preloadError());
    target.dispatchEvent(preloadError());
    expect(d.reload).toHaveBeenCalledTimes(1);
  });

  it("counts its reload as the router's own once-per-module reload, so a second failure does not reload again", () => {
    const d = deps();
    const target = new EventTarget();
    installStaleChunkRecovery(fakeRouter('pending') as never, target as Window, d);
    const message = 'Failed to fetch dynamically imported module: https://app.example/assets/settings-x.js';
    target.dispatchEvent(Object.assign(preloadError(), { payload: new TypeError(message) }));
    expect(d.reload).toHaveBeenCalledTimes(1);
    // TanStack Router's lazyRouteComponent reloads only while this key is unset.
    expect(d.storage!.getItem(`tanstack_router_reload:${message}`)).toBe('1');
  });

  it('does not reload for a failed background preload', () => {
    const d = deps();
    const target = new EventTarget();
    installStaleChunkRecovery(fakeRouter('idle') as never, target as Window, d);
    target.dispatchEvent(preloadError());
    expect(d.reload).not.toHaveBeenCalled();
  });

  it('clears the marker after a navigation completes with no chunk failure', () => {
    const d = deps();
    d.storage!.setItem(RELOAD_MARKER_KEY, String(d.clock.now));
    const router = fakeRouter('pending');
    installStaleChunkRecovery(router as never, new EventTarget() as Window, d);
    router.resolve();
    expect(d.storage!.getItem(RELOAD_MARKER_KEY)).toBeNull();
  });

  it('keeps the marker when a chunk failed again after the reload, so it does not loop', () => {
    const d = deps();
    d.storage!.setItem(RELOAD_MARKER_KEY, String(d.clock.now));
    const router = fakeRouter('pending');
    const target = new EventTarget();
    installStaleChunkRecovery(router as never, target as Window, d);
    target.dispatchEvent(preloadError());
    router.resolve();
    expect(d.reload).not.toHaveBeenCalled();
    expect(d.storage!.getItem(RELOAD_MARKER_KEY)).not.toBeNull();
  });

  it('stops listening when disposed', () => {
    const d = deps();
    const target = new EventTarget();
    const stop = installStaleChunkRecovery(fakeRouter('pending') as never, target as Window, d);
    stop();
    target.dispatchEvent(preloadError());
    expect(d.reload).not.toHaveBeenCalled();
  });
});
