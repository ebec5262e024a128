type MotionModule = typeof import('./motion-animations');

let loaded: MotionModule | null = null;
let pending: Promise<MotionModule | null> | null = null;

/**
 * Fetches motion's chunk once, after start-up. Animations are decoration: without the chunk
 * (offline, a stale deploy) they stay off quietly, and a later call tries again.
 */
export function loadMotion(): Promise<MotionModule | null> {
  pending ??= import('./motion-animations').then(
    (module) => (loaded = module),
    (error: unknown) => {
      console.warn('Route animations are off: their code could not be loaded.', error);
      pending = null;
      return null;
    },
  );
  return pending;
}

/** The chunk once it has arrived. Until then pages simply appear: nothing waits for it. */
export const loadedMotion = (): MotionModule | null => loaded;
