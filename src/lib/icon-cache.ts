import { cachedPromiseByKey } from './cached-promise';
import { getText } from './http';

/** Icon names are file names from our own assets folder, never anything a user typed. */
const ICON_NAME = /^[a-z0-9-]+$/;

const iconUrl = (name: string) => `${import.meta.env.BASE_URL}assets/icons/${name}.svg`;

export type IconFetcher = (url: string) => Promise<string>;

/**
 * One request per icon file per session. The <svg> is shared: insert a clone of it. Static files never
 * carry the access token, even when the app's own origin is an API origin (`self`).
 */
export function createIconCache(fetchText: IconFetcher = (url) => getText(url, { accessToken: false })) {
  const loaded = new Map<string, SVGSVGElement>();
  // The files are ours, but an SPA fallback (index.html for a missing file) or a bad deploy must not
  // be inlined. The sanitiser comes with the first icon, not in the first-load bundle.
  const fetchIcon = cachedPromiseByKey((name: string) =>
    Promise.all([fetchText(iconUrl(name)), import('./svg-sanitizer')]).then(([text, { sanitizeSvg }]) => {
      const svg = sanitizeSvg(text);
      loaded.set(name, svg);
      return svg;
    }),
  );
  const load = (name: string): Promise<SVGSVGElement> =>
    ICON_NAME.test(name) ? fetchIcon(name) : Promise.reject(new Error(`Invalid icon name ${JSON.stringify(name)}`));

  return { load, peek: (name: string) => loaded.get(name) };
}

export type IconCache = ReturnType<typeof createIconCache>;
