const LOCAL_URL = /url\(\s*#([^\s)]*)\s*\)/gi;

// Every id and reference to one gets `prefix`: ids could replace globals by named access (`window.dataLayer`) and
// clash between copies; a reference to an id the icon lacks is prefixed too, so it points at nothing.
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
