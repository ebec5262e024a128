/**
 * Class for the elements of a page that enter one after another after a navigation (when
 * elements animations are on): sections, cards, list items.
 */
export const ROUTE_ANIMATED = 'route-animations-elements';
