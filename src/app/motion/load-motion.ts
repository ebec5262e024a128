import { cachedPromise } from '../../lib/cached-promise';

type MotionModule = typeof import('./motion-animations');

let loaded: MotionModule | null = null;

const loadChunk = cachedPromise(() => import('./motion-animations'));

// Animations are decoration: without the chunk (offline, a stale deploy) they stay off quietly.
export function loadMotion(): Promise<MotionModule | null> {
  return loadChunk().then(
    (module) => (loaded = module),
    (error: unknown) => {
      console.warn('Route animations are off: their code could not be loaded.', error);
      return null;
    },
  );
}

export const loadedMotion = (): MotionModule | null => loaded;
