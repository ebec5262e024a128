import DOMPurify, { type Config, type UponSanitizeAttributeHook } from 'dompurify';

const SVG_NS = 'http://www.w3.org/2000/svg';

// Listed, not DOMPurify's SVG profile narrowed: ALLOWED_TAGS/ALLOWED_ATTR replace a profile instead of narrowing it.
const CONFIG: Config = {
  ALLOWED_TAGS: (
    '#text svg g defs path rect circle ellipse line polyline polygon ' +
    'clipPath mask linearGradient radialGradient stop'
  ).split(' '),
  ALLOWED_ATTR: (
    'id href xlink:href viewBox preserveAspectRatio width height x y x1 y1 x2 y2 cx cy r rx ry fx fy ' +
    'd points pathLength transform offset gradientUnits gradientTransform spreadMethod clipPathUnits ' +
    'maskUnits maskContentUnits fill fill-opacity fill-rule stroke stroke-width stroke-linecap ' +
    'stroke-linejoin stroke-miterlimit stroke-dasharray stroke-dashoffset stroke-opacity opacity ' +
    'color clip-path clip-rule mask stop-color stop-opacity visibility display vector-effect shape-rendering'
  ).split(' '),
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  // A removed element takes its content with it: nothing is hoisted out of a <style> or an <a>.
  KEEP_CONTENT: false,
};

const FRAGMENT = /^#[\w.-]+$/;
const SAME_DOCUMENT_URL = /\burl\(\s*#[\w.-]+\s*\)/gi;
const CSS_FUNCTION = /([\w-]*)\s*\(/g;
// Any other function (url(), image(), src()…) could load something.
const INERT_FUNCTIONS = new Set('matrix translate scale rotate skewx skewy rgb rgba hsl hsla'.split(' '));

function isInertValue(value: string): boolean {
  const rest = value.replace(SAME_DOCUMENT_URL, '');
  // A CSS escape could spell url( in a way the function check below does not see.
  if (rest.includes('\\')) return false;
  return [...rest.matchAll(CSS_FUNCTION)].every(([, name]) => INERT_FUNCTIONS.has(String(name).toLowerCase()));
}

/** A link (a gradient's template) may only point inside the file; no other value may name a URL. */
const keepOnlyLocalReferences: UponSanitizeAttributeHook = (_node, event) => {
  const isLink = event.attrName === 'href' || event.attrName === 'xlink:href';
  if (isLink ? !FRAGMENT.test(event.attrValue) : !isInertValue(event.attrValue)) event.keepAttr = false;
};

/** Exactly one <svg> (not an SPA fallback page or a bad deploy), to insert as nodes: never parse its markup again. */
export function sanitizeSvg(text: string): SVGSVGElement {
  // Only around the call: other users of DOMPurify's one instance (and its one Trusted Types policy) are not affected.
  DOMPurify.addHook('uponSanitizeAttribute', keepOnlyLocalReferences);
  let fragment: DocumentFragment;
  try {
    fragment = DOMPurify.sanitize(text, { ...CONFIG, RETURN_DOM_FRAGMENT: true });
  } finally {
    DOMPurify.removeHook('uponSanitizeAttribute', keepOnlyLocalReferences);
  }
  const nodes = [...fragment.childNodes].filter((node) => !(node instanceof Text && !node.data.trim()));
  const [svg] = nodes;
  if (nodes.length !== 1 || !(svg instanceof SVGSVGElement) || svg.namespaceURI !== SVG_NS) {
    throw new Error('not an SVG document');
  }
  return svg;
}
