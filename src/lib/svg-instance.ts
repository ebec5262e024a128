const LOCAL_URL = /url\(\s*#([^\s)]*)\s*\)/gi;

/**
 * A copy of a sanitised <svg> to insert into the page, with every id and every reference to one
 * (`url(#…)` in any attribute, `href`/`xlink:href`) starting with `prefix`. Ids in the page could
 * replace globals by named access (`window.dataLayer`) and would clash between two copies; a
 * reference to an id the icon does not have gets the prefix too, so it points at nothing.
 */
export function svgInstance(svg: SVGSVGElement, prefix: string): SVGSVGElement {
  const copy = svg.cloneNode(true) as SVGSVGElement;
  for (const element of [copy, ...copy.querySelectorAll('*')]) {
    for (const attribute of [...element.attributes]) {
      if (attribute.name === 'id') attribute.value = prefix + attribute.value;
      else if (attribute.localName === 'href') {
        if (attribute.value.startsWith('#')) attribute.value = `#${prefix}${attribute.value.slice(1)}`;
        else element.removeAttributeNode(attribute);
      } else if (attribute.value.includes('#')) {
        attribute.value = attribute.value.replace(LOCAL_URL, (_match, id: string) => `url(#${prefix}${id})`);
      }
    }
  }
  return copy;
}
