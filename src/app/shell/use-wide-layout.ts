import { useMediaQuery } from '../../components/use-media-query';
import { WIDE_LAYOUT_MIN_WIDTH_PX } from '../../config/constants';

export const useWideLayout = (): boolean => useMediaQuery(`(min-width: ${WIDE_LAYOUT_MIN_WIDTH_PX}px)`);
