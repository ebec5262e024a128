import { cachedPromise } from '../lib/cached-promise';

type MotionModule = typeof import('./motion-animations');

let loaded: MotionModule | null = null;

const loadChunk = cachedPromise(() => import('./motion-animations'));

/**
 * Fetches motion's chunk once, after start-up. Animations are decoration: without the chunk
 * (offline, a stale deploy) they stay off quietly, and a later call tries again.
 */
export function loadMotion(): Promise<MotionModule | null> {
  return loadChunk().then(
    (module) => (loaded = module),
    (error: unknown) => {
      console.warn('Route animations are off: their code could not be loaded.', error);
      return null;
    },
  );
}

/** The chunk once it has arrived. Until then pages simply appear: nothing waits for it. */
export const loadedMotion = (): MotionModule | null => loaded;
