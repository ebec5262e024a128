import type { RouteAnimationMode } from '../state/settings-model';

export interface RouteAnimationFlags {
  page: boolean;
  elements: boolean;
}

/** What plays on a route change: the settings' mode, unless the user prefers reduced motion. */
export function routeAnimationFlags(mode: RouteAnimationMode, reducedMotion: boolean): RouteAnimationFlags {
  if (reducedMotion) return { page: false, elements: false };
  return { page: mode === 'ALL' || mode === 'PAGE', elements: mode === 'ALL' || mode === 'ELEMENTS' };
}
