import { cachedPromiseByKey } from './cached-promise';

const ICON_NAME = /^[a-z0-9-]+$/;

const iconUrl = (name: string) => `${import.meta.env.BASE_URL}assets/icons/${name}.svg`;

export type IconFetcher = (url: string) => Promise<string>;

/** The <svg> is shared: insert a clone. Static files never carry the access token, even with `self` an API origin. */
export function createIconCache(
  fetchText: IconFetcher = async (url) => (await import('./http')).getText(url, { accessToken: false }),
) {
  const loaded = new Map<string, SVGSVGElement>();
  // Sanitised even though ours: an SPA fallback or a bad deploy must not be inlined.
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
