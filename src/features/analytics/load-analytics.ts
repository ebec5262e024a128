/** The page views and the consent model: a chunk of its own, so the first load stays as it is. */
export const loadAnalytics = () => import('./start-analytics');
