// Plain JavaScript: the app creates its policies under these names, and the build's CSP lists them.
export const APP_POLICIES = Object.freeze({
  analytics: 'snxt-analytics',
  serviceWorker: 'snxt-service-worker',
  intlWarmUp: 'snxt-intl-warm-up',
});
