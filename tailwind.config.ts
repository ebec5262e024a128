import type { Config } from 'tailwindcss';
import { DRAWER, WIDE_LAYOUT_MIN_WIDTH_PX } from './src/config/constants';

/** Only what must come from JS: the breakpoint and drawer numbers shared with the code (SPEC §9). */
export default {
  theme: {
    extend: {
      screens: { wide: `${WIDE_LAYOUT_MIN_WIDTH_PX}px` },
      spacing: { drawer: `${DRAWER.widthPx}px` },
      transitionDuration: { drawer: `${DRAWER.durationMs}ms` },
    },
  },
} satisfies Config;
