export const loadOffline = () => import('./start-offline');
