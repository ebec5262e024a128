import type { RouteAnimationMode } from '../../features/settings';

export interface RouteAnimationFlags {
  page: boolean;
  elements: boolean;
}

export function routeAnimationFlags(mode: RouteAnimationMode, reducedMotion: boolean): RouteAnimationFlags {
  if (reducedMotion) return { page: false, elements: false };
  return { page: mode === 'ALL' || mode === 'PAGE', elements: mode === 'ALL' || mode === 'ELEMENTS' };
}
