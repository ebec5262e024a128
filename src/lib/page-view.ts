/** What a GA4 page_view carries: the absolute URL, and path + query. */
export interface PageView {
  page_location: string;
  page_path: string;
}

/** A router location (path, query and hash without the origin) as a page view. */
export function pageViewOf(location: { href: string; pathname: string; searchStr: string }, origin: string): PageView {
  return { page_location: new URL(location.href, origin).href, page_path: `${location.pathname}${location.searchStr}` };
}
