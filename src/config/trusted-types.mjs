// Trusted Types policy names, in one place: the app creates its policies under these names and
// build/security-headers.mjs lists them in the CSP's `trusted-types` directive. Plain JavaScript
// so that the build's Node side can import it as it is.

/** The policies the app's own code creates, one per job. */
export const APP_POLICIES = Object.freeze({
  /** Turns the one gtag.js URL into a script URL. */
  analytics: 'snxt-analytics',
  /** Turns the service worker's own URL, and nothing else, into a script URL for register(). */
  serviceWorker: 'snxt-service-worker',
  /** The boot script's: turns the locale warm-up worker's URL, and nothing else, into a script URL. */
  intlWarmUp: 'snxt-intl-warm-up',
});
