// The signals Babel transform ships no types; vite.config.ts only passes it to Babel.
declare module '@preact/signals-react-transform' {
  import type { PluginObj } from '@babel/core';
  const signalsTransform: (...args: unknown[]) => PluginObj;
  export default signalsTransform;
}

declare const __BUILD_YEAR__: number;
declare const __ERROR_REPORT_URL__: string | null;
declare const __GA_MEASUREMENT_ID__: string | null;
declare const __IDLE_TIMEOUT_MINUTES__: number | null;
