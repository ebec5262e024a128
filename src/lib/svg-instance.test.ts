import { describe, expect, it } from 'vitest';
import { svgInstance } from './svg-instance';

const parse = (markup: string) =>
  new DOMParser().parseFromString(markup, 'image/svg+xml').documentElement as unknown as SVGSVGElement;

describe('svgInstance', () => {
  it('prefixes every id, the root included, and every url(#…) in any attribute', () => {
    const svg = parse(
      '<svg xmlns="http://www.w3.org/2000/svg" id="root"><filter id="f"/><g filter="url(#f)" fill="URL(#root) red"/></svg>',
    );
    const copy = svgInstance(svg, 'p1-');
    expect(copy.id).toBe('p1-root');
    expect(copy.querySelector('filter')?.id).toBe('p1-f');
    expect(copy.querySelector('g')?.getAttribute('filter')).toBe('url(#p1-f)');
    expect(copy.querySelector('g')?.getAttribute('fill')).toBe('url(#p1-root) red');
    expect(svg.id).toBe('root');
  });

  it('drops a link that does not point inside the icon', () => {
    const svg = parse('<svg xmlns="http://www.w3.org/2000/svg"><linearGradient href="https://evil.test/#g"/></svg>');
    expect(svgInstance(svg, 'p1-').querySelector('linearGradient')?.hasAttribute('href')).toBe(false);
  });
});
