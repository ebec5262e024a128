export interface PageView {
  page_location: string;
  page_path: string;
}

export function pageViewOf(location: { href: string; pathname: string; searchStr: string }, origin: string): PageView {
  return { page_location: new URL(location.href, origin).href, page_path: `${location.pathname}${location.searchStr}` };
}
