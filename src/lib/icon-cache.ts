import { APP_POLICIES } from '../config/trusted-types.mjs';
import { getText } from './http';
import { createPolicy, toSink, type Trusted } from './trusted-types';

/** Icon names are file names from our own assets folder, never anything a user typed. */
export const ICON_NAME = /^[a-z0-9-]+$/;

export const iconUrl = (name: string) => `${import.meta.env.BASE_URL}assets/icons/${name}.svg`;

// Marks as HTML only this module's own two strings: the file it parses into an inert XML
// document, and the sanitised markup the Icon component inlines.
const policy = createPolicy(APP_POLICIES.icons, { createHTML: (markup) => markup });
const asHtml = (markup: string): Trusted<'HTML'> | string => policy?.createHTML(markup) ?? markup;

/** Sanitised SVG markup, ready for innerHTML. */
export type IconMarkup = Trusted<'HTML'> | string;

/**
 * Keeps only a well-formed <svg> without scripts, event handlers or foreign content: the files
 * are ours, but an SPA fallback (index.html for a missing file) or a bad deploy must not be
 * inlined as markup.
 */
export function sanitizeSvg(text: string): string {
  const doc = new DOMParser().parseFromString(toSink(asHtml(text)), 'image/svg+xml');
  const svg = doc.documentElement;
  if (svg.nodeName !== 'svg' || doc.getElementsByTagName('parsererror').length > 0) {
    throw new Error('not an SVG document');
  }
  svg.querySelectorAll('script, foreignObject').forEach((node) => node.remove());
  for (const element of [svg, ...svg.querySelectorAll('*')]) {
    for (const attribute of [...element.attributes]) {
      const value = attribute.value.trim().toLowerCase();
      if (/^on/i.test(attribute.name) || value.startsWith('javascript:')) element.removeAttribute(attribute.name);
    }
  }
  return new XMLSerializer().serializeToString(svg);
}

export type IconFetcher = (url: string) => Promise<string>;

/**
 * One request per icon file per session: concurrent users share the pending promise and later
 * ones get the resolved markup at once. A failed load is forgotten so a later render retries.
 */
export function createIconCache(fetchText: IconFetcher = getText) {
  const pending = new Map<string, Promise<IconMarkup>>();
  const loaded = new Map<string, IconMarkup>();

  const load = (name: string): Promise<IconMarkup> => {
    if (!ICON_NAME.test(name)) return Promise.reject(new Error(`Invalid icon name ${JSON.stringify(name)}`));
    let promise = pending.get(name);
    if (!promise) {
      promise = fetchText(iconUrl(name)).then((text) => {
        const svg = asHtml(sanitizeSvg(text));
        loaded.set(name, svg);
        return svg;
      });
      promise.catch(() => pending.delete(name));
      pending.set(name, promise);
    }
    return promise;
  };

  return { load, peek: (name: string) => loaded.get(name) };
}

export const iconCache = createIconCache();
