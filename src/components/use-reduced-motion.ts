import { useMediaQuery } from './use-media-query';

/** True while the user asks for less motion; it follows a change of the system setting at once. */
export const useReducedMotion = (): boolean => useMediaQuery('(prefers-reduced-motion: reduce)');
