/** Marks the elements of a page that enter one after another (sections, cards, list items). */
export const ROUTE_ANIMATED = 'route-animations-elements';
