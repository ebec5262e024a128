import { useSyncExternalStore } from 'react';
import { WIDE_LAYOUT_MIN_WIDTH_PX } from '../config/constants';

const query = `(min-width: ${WIDE_LAYOUT_MIN_WIDTH_PX}px)`;

function subscribe(onChange: () => void) {
  const media = window.matchMedia(query);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

/** True at 960px and wider, where the toolbar carries the links and the drawer stays closed. */
export function useWideLayout(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches);
}
