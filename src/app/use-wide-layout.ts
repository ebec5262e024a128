import { useMediaQuery } from '../components/use-media-query';
import { WIDE_LAYOUT_MIN_WIDTH_PX } from '../config/constants';

/** True at 960px and wider, where the toolbar carries the links and the drawer stays closed. */
export const useWideLayout = (): boolean => useMediaQuery(`(min-width: ${WIDE_LAYOUT_MIN_WIDTH_PX}px)`);
