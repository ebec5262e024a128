// Google Analytics with the visitor's consent, page views and web vitals: analytics builds only.
export { AnalyticsConsentSwitch } from './analytics-consent-switch';
export { ConsentBannerSlot } from './consent-banner-slot';
export { loadAnalytics } from './load-analytics';
