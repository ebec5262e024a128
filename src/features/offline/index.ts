// The service worker: the app opens offline, and a new version is offered as a snack bar (production builds).
export { loadOffline } from './load-offline';
