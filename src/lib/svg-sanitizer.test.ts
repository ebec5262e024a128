// @vitest-environment jsdom
// DOMPurify needs a DOM that parses and walks trees as browsers do; happy-dom's parser and NodeIterator differ.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sanitizeSvg } from './svg-sanitizer';

const NS = 'xmlns="http://www.w3.org/2000/svg"';
const XLINK = 'xmlns:xlink="http://www.w3.org/1999/xlink"';
const svg = (body: string, attributes = '') => `<svg ${NS} ${XLINK} viewBox="0 0 24 24"${attributes}>${body}</svg>`;
const PATH = '<path d="M0 0h24v24H0z"/>';

/** An attack that ran leaves its mark here, where a test can see it. */
const PWN = 'document.title=1';

/** Hostile icon files: each must come out as an inert drawing. */
const HOSTILE: [string, string][] = [
  // Found in review of the previous sanitiser.
  ['a processing instruction hiding an <img onerror>', svg(`<?x ><img src=x onerror=${PWN}>?>${PATH}`)],
  ['a tab inside javascript:', svg(`<a href="java&#9;script:${PWN}">${PATH}</a>`)],
  ['upper-case <FOREIGNOBJECT>', svg(`<FOREIGNOBJECT><iframe src="javascript:${PWN}"></iframe></FOREIGNOBJECT>`)],
  ['upper-case <SCRIPT>', svg(`<SCRIPT>${PWN}</SCRIPT>${PATH}`)],
  ['<meta http-equiv=refresh>', svg(`<meta http-equiv="refresh" content="0;url=https://evil.test/"/>${PATH}`)],
  // External references.
  ['<use href> to another site', svg('<use href="https://evil.test/sprite.svg#icon"/>')],
  ['<use xlink:href> to another site', svg('<use xlink:href="https://evil.test/sprite.svg#icon"/>')],
  ['<use href> to a protocol-relative URL', svg('<use href="//evil.test/sprite.svg#icon"/>')],
  ['<use href> to a data: URL', svg('<use href="data:image/svg+xml;base64,PHN2Zy8+#x"/>')],
  ['a style attribute with url()', svg('<path style="fill:url(https://evil.test/x)" d="M0 0"/>')],
  ['a <style> with @import', svg(`<style>@import url(https://evil.test/x.css);</style>${PATH}`)],
  ['fill with an external url()', svg('<path fill="url(https://evil.test/p.svg#g)" d="M0 0"/>')],
  ['fill with an escaped url()', svg('<path fill="\\75rl(//evil.test/p.svg#g)" d="M0 0"/>')],
  ['a gradient inheriting from another site', svg('<linearGradient id="g" href="https://evil.test/g.svg#g"/>')],
  ['a gradient inheriting through xlink:href', svg('<radialGradient id="g" xlink:href="//evil.test/g.svg#g"/>')],
  ['a mask with an image-set()', svg(`<path mask="image-set('https://evil.test/m.png' 1x)" d="M0 0"/>`)],
  ['clip-path with a relative url()', svg('<path clip-path="url(other.svg#c)" d="M0 0"/>')],
  // Event handlers in every case, on the root and on children.
  ...['onload', 'ONLOAD', 'OnLoad'].map((name): [string, string] => [
    `${name} on the root`,
    svg(PATH, ` ${name}="${PWN}"`),
  ]),
  ...['onclick', 'ONCLICK', 'OnMouseOver', 'onfocusin'].map((name): [string, string] => [
    `${name} on a child`,
    svg(`<g ${name}="${PWN}"><path ${name}="${PWN}" d="M0 0"/></g>`),
  ]),
  // Schemes hidden by entities.
  ['&#106;avascript:', svg(`<a href="&#106;avascript:${PWN}">${PATH}</a>`)],
  ['java&#x09;script:', svg(`<a xlink:href="java&#x09;script:${PWN}">${PATH}</a>`)],
  ['a data: link', svg(`<a href="data:text/html,&lt;script&gt;${PWN}&lt;/script&gt;">${PATH}</a>`)],
  ['a plain <a href=javascript:>', svg(`<a href="javascript:${PWN}">${PATH}</a>`)],
  // Animation that rewrites a link.
  ['<animate> setting href', svg(`<a><animate attributeName="href" to="javascript:${PWN}"/>${PATH}</a>`)],
  ['<set> setting href', svg(`<a><set attributeName="href" to="javascript:${PWN}"/>${PATH}</a>`)],
  ['<set> setting xlink:href on <use>', svg('<use><set attributeName="xlink:href" to="https://evil.test/x#y"/></use>')],
  // Elements that load or embed something.
  ['<image href>', svg('<image href="https://evil.test/x.png" width="24" height="24"/>')],
  ['<image xlink:href> to a data: URL', svg(`<image xlink:href="data:image/svg+xml,&lt;svg onload=${PWN}&gt;"/>`)],
  ['<iframe>', svg('<iframe src="https://evil.test/"/>')],
  ['<embed>', svg('<embed src="https://evil.test/x.swf"/>')],
  ['<object>', svg('<object data="https://evil.test/x"/>')],
  ['<foreignObject>', svg(`<foreignObject><div onclick="${PWN}">x</div></foreignObject>`)],
  ['<ForeignObject>', svg('<ForeignObject><img src="https://evil.test/x.png"/></ForeignObject>')],
  ['<foreignobject>', svg('<foreignobject><p>x</p></foreignobject>')],
  ['<script> in an xlink namespace', svg('<script xlink:href="https://evil.test/x.js"/>')],
  // Parser tricks.
  ['CDATA closing the svg', svg(`<![CDATA[</svg><img src=x onerror=${PWN}>]]>${PATH}`)],
  ['CDATA in a <style>', svg(`<style><![CDATA[@import url(https://evil.test/x.css);]]></style>${PATH}`)],
  [
    'a doctype with entities',
    `<!DOCTYPE svg [<!ENTITY x "<image href='https://evil.test/x.png'/>">]>${svg(`&x;${PATH}`)}`,
  ],
  ['a comment closing early', svg(`<!--><img src=x onerror=${PWN}>-->${PATH}`)],
  // Elements that make the HTML parser leave SVG content.
  ['an <img> breaking out', svg(`<img src="https://evil.test/x.png" onerror="${PWN}"/>${PATH}`)],
  ['a <p> breaking out', svg(`<p><img src=x onerror=${PWN}></p>${PATH}`)],
  ['a <font color> breaking out', svg(`<font color="red"><img src=x onerror=${PWN}></font>${PATH}`)],
  ['a <math> mutation', svg(`<math><mi><mglyph><svg><mtext><style><img src=x onerror=${PWN}></style></mtext></svg>`)],
];

/** What an icon may consist of: shapes, grouping, gradients, clipping and masking. */
const ALLOWED_ELEMENTS = new Set(
  ['svg g defs path rect circle ellipse line polyline polygon', 'clipPath mask linearGradient radialGradient stop']
    .join(' ')
    .split(' '),
);
const SVG_NS = 'http://www.w3.org/2000/svg';
const FRAGMENT = /^#[\w.-]+$/;
const SAME_DOCUMENT_URL = /url\(\s*#[\w.-]+\s*\)/gi;
/** Anything that could name another document: a scheme, `//host`, a CSS escape, url() or @import. */
const URL_LIKE = /[a-z][\w+.-]*:|\/\/|\\|url\s*\(|image(-set)?\s*\(|src\s*\(|@import/i;

function expectInert(container: Element) {
  const elements = [...container.querySelectorAll('*')];
  expect(elements.length).toBeGreaterThan(0);
  expect(container.children).toHaveLength(1);
  expect(container.firstElementChild?.localName).toBe('svg');
  for (const element of elements) {
    expect(element.namespaceURI, element.localName).toBe(SVG_NS);
    expect(ALLOWED_ELEMENTS, element.localName).toContain(element.localName);
    for (const { name, value } of element.attributes) {
      if (name === 'xmlns' || name.startsWith('xmlns:')) continue;
      expect(name, `${element.localName} ${name}`).not.toMatch(/^on/i);
      expect(name).not.toBe('style');
      if (name === 'href' || name === 'xlink:href') expect(value, name).toMatch(FRAGMENT);
      expect(value.replace(SAME_DOCUMENT_URL, ''), `${name}="${value}"`).not.toMatch(URL_LIKE);
    }
  }
}

/** Puts the sanitiser's result into the page the way the Icon component does. */
function inline(result: SVGSVGElement): HTMLElement {
  const span = document.createElement('span');
  document.body.append(span);
  span.replaceChildren(result.cloneNode(true));
  return span;
}

describe('sanitizeSvg against hostile files', () => {
  const page = location.href;
  afterEach(() => {
    document.body.replaceChildren();
    document.title = '';
  });

  it.each(HOSTILE)('%s: inlines nothing that runs, loads or navigates', async (_, text) => {
    let container: HTMLElement;
    try {
      container = inline(sanitizeSvg(text));
    } catch (error) {
      // Refusing the whole file is safe too.
      expect(String(error)).toMatch(/not an SVG/);
      return;
    }
    expectInert(container);
    container.querySelectorAll('*').forEach((element) => element.dispatchEvent(new Event('click')));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(document.title).toBe('');
    expect(location.href).toBe(page);
  });
});

describe('sanitizeSvg on honest files', () => {
  const icons = join(process.cwd(), 'public/assets/icons');

  it.each(readdirSync(icons).filter((file) => file.endsWith('.svg')))('keeps %s drawn as it was', (file) => {
    const text = readFileSync(join(icons, file), 'utf8');
    const source = new DOMParser().parseFromString(text, 'image/svg+xml').documentElement;
    const container = inline(sanitizeSvg(text));
    expectInert(container);
    const out = container.firstElementChild!;
    expect(out.getAttribute('viewBox')).toBe(source.getAttribute('viewBox'));
    expect(out.getAttribute('fill')).toBe(source.getAttribute('fill'));
    const paths = (root: Element) => [...root.querySelectorAll('path')].map((path) => path.getAttribute('d'));
    expect(paths(out)).toEqual(paths(source));
  });

  it('keeps gradients, clipping, masks, same-document references and presentation attributes', () => {
    const container = inline(
      sanitizeSvg(
        svg(
          '<defs><linearGradient id="g" x1="0" x2="1"><stop offset="0" stop-color="red"/>' +
            '<stop offset="1" stop-color="rgb(0, 0, 255)"/></linearGradient>' +
            '<linearGradient id="g2" href="#g" gradientTransform="rotate(90)"/><radialGradient id="g3" xlink:href="#g"/>' +
            '<clipPath id="c"><circle cx="12" cy="12" r="10"/></clipPath><mask id="m"><rect width="24" height="24" fill="white"/></mask></defs>' +
            '<g clip-path="url(#c)" transform="rotate(45 12 12)"><rect width="24" height="24" fill="url(#g)"/>' +
            '<path d="M0 0h24" mask="url( #m )" stroke="currentColor" stroke-width="2" stroke-linecap="round"/></g>',
        ),
      ),
    );
    expectInert(container);
    expect(container.querySelector('g > rect')?.getAttribute('fill')).toBe('url(#g)');
    expect(container.querySelector('g')?.getAttribute('clip-path')).toBe('url(#c)');
    expect(container.querySelector('g')?.getAttribute('transform')).toBe('rotate(45 12 12)');
    expect(container.querySelector('#g2')?.getAttribute('href')).toBe('#g');
    expect(container.querySelector('#g3')?.getAttribute('xlink:href')).toBe('#g');
    expect(container.querySelector('g > path')?.getAttribute('mask')).toBe('url( #m )');
    expect(container.querySelector('g > path')?.getAttribute('stroke-linecap')).toBe('round');
    expect(container.querySelectorAll('stop')).toHaveLength(2);
  });

  it.each([
    ['an SPA fallback page', '<!doctype html><html><body>app</body></html>'],
    ['two icons', `${svg(PATH)}${svg(PATH)}`],
    ['an icon inside HTML', `<div>${svg(PATH)}</div>`],
    ['text next to the icon', `oops${svg(PATH)}`],
    ['an empty file', ''],
  ])('refuses %s', (_, text) => {
    expect(() => inline(sanitizeSvg(text))).toThrow('not an SVG');
  });
});
