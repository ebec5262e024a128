const CANDIDATES = 'a[href], button, input, select, textarea, [tabindex]';

const isTabStop = (element: HTMLElement) =>
  element.tabIndex >= 0 &&
  !element.matches(':disabled, [data-radix-focus-guard]') &&
  !element.closest('[inert]') &&
  element.checkVisibility({ visibilityProperty: true });

/** Focuses the element a Tab (or Shift+Tab) from `origin` would reach; `origin` itself if there is none. */
export function focusNextTabStop(origin: HTMLElement, backwards = false): void {
  const stops = [...document.querySelectorAll<HTMLElement>(CANDIDATES)].filter(isTabStop);
  const next = backwards
    ? stops.findLast((element) => element.compareDocumentPosition(origin) & Node.DOCUMENT_POSITION_FOLLOWING)
    : stops.find((element) => origin.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_FOLLOWING);
  (next ?? origin).focus();
}
