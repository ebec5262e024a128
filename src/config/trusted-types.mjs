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

/** DOMPurify creates this policy for its own parsing when Trusted Types exist (icons are sanitised by it). */
export const DOMPURIFY_POLICY = 'dompurify';

/** Google's gtag.js (built with Closure's safe types) creates this policy for the scripts it adds. */
export const GTAG_POLICY = 'goog#html';

/**
 * The names of every policy a build may create; the analytics ones only when it has a
 * measurement id, since only then is that code ever loaded.
 * @param {{ analytics: boolean }} build
 * @returns {string[]}
 */
export function trustedTypePolicyNames({ analytics }) {
  return [
    DOMPURIFY_POLICY,
    APP_POLICIES.serviceWorker,
    APP_POLICIES.intlWarmUp,
    ...(analytics ? [APP_POLICIES.analytics, GTAG_POLICY] : []),
  ];
}
