import type { Config } from 'tailwindcss';
import { DRAWER, WIDE_LAYOUT_MIN_WIDTH_PX } from './src/config/constants';

/** Only what the code shares with the styles: the wide breakpoint and the drawer. */
export default {
  theme: {
    extend: {
      screens: { wide: `${WIDE_LAYOUT_MIN_WIDTH_PX}px` },
      spacing: { drawer: `${DRAWER.widthPx}px` },
      transitionDuration: { drawer: `${DRAWER.durationMs}ms` },
    },
  },
} satisfies Config;
