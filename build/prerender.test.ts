import { describe, expect, it } from 'vitest';
import { inlineStylesheets, inlineSvgIcon, pageFileName, withPrerenderedPage } from './prerender.mjs';

const TEMPLATE = [
  '<!doctype html>',
  '<html lang="en">',
  '  <head>',
  '    <title>Snxt</title>',
  '    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />',
  '    <link rel="stylesheet" crossorigin href="/assets/index-a1.css">',
  '  </head>',
  '  <body>',
  '    <div id="root"></div>',
  '  </body>',
  '</html>',
].join('\n');

describe('inlineStylesheets', () => {
  it('replaces the stylesheet link by one <style> in the head, with its text', () => {
    const { html, inlined } = inlineStylesheets(TEMPLATE, (href: string) =>
      href === '/assets/index-a1.css' ? 'p{color:red}' : undefined,
    );
    expect(inlined).toEqual(['/assets/index-a1.css']);
    expect(html).not.toContain('rel="stylesheet"');
    expect(html).toMatch(/<style>p\{color:red\}<\/style>\n\s*<\/head>/);
  });

  it('leaves a stylesheet it cannot read linked', () => {
    const { html, inlined } = inlineStylesheets(TEMPLATE, () => undefined);
    expect(inlined).toEqual([]);
    expect(html).toBe(TEMPLATE);
  });

  it('refuses a stylesheet that could end its own element', () => {
    expect(() => inlineStylesheets(TEMPLATE, () => 'p{}</STYLE><script>alert(1)</script>')).toThrow(
      /cannot be inlined/,
    );
  });
});

describe('inlineSvgIcon', () => {
  it('writes the SVG icon into its link as a data: URL that parses back to the same SVG', () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg"><rect fill="#3949ab" data-x='a%b'/></svg>\n`;
    const html = inlineSvgIcon(TEMPLATE, (href: string) => (href === '/favicon.svg' ? svg : undefined));
    const href = /<link rel="icon" href="([^"]+)"/.exec(html)?.[1] ?? '';
    expect(href.startsWith('data:image/svg+xml,')).toBe(true);
    // Nothing in it can end the attribute or the tag.
    expect(href).not.toMatch(/["<>]/);
    const parsed = new DOMParser().parseFromString(
      decodeURIComponent(href.slice('data:image/svg+xml,'.length)),
      'image/svg+xml',
    );
    const rect = parsed.querySelector('rect');
    expect(rect?.getAttribute('fill')).toBe('#3949ab');
    expect(rect?.getAttribute('data-x')).toBe('a%b');
  });

  it('leaves an icon it cannot read as a link to the file', () => {
    expect(inlineSvgIcon(TEMPLATE, () => undefined)).toBe(TEMPLATE);
  });
});

describe('withPrerenderedPage', () => {
  it('puts the markup into #root, marked with its path, and sets the title, escaped', () => {
    const html = withPrerenderedPage(TEMPLATE, '/settings', {
      html: '<main><h1>Settings</h1></main>',
      title: 'Settings </title><script>x</script> & more',
    });
    expect(html).toContain('<div id="root" data-prerendered="/settings"><main><h1>Settings</h1></main></div>');
    expect(html).toContain('<html data-page="/settings" lang="en">');
    expect(html).toContain('<title>Settings &lt;/title&gt;&lt;script&gt;x&lt;/script&gt; &amp; more</title>');
  });

  it('does not mark a frame the app renders afresh (a page for signed-in users) for hydration', () => {
    const html = withPrerenderedPage(TEMPLATE, '/profile', {
      html: '<main></main>',
      title: 'Profile',
      hydrates: false,
    });
    expect(html).toContain('<div id="root"><main></main></div>');
  });

  it('keeps "$" sequences of the markup as they are', () => {
    const html = withPrerenderedPage(TEMPLATE, '/', { html: "<p>$& $' $1</p>", title: 'x' });
    expect(html).toContain("<p>$& $' $1</p>");
  });

  it('fails on a template without an empty #root', () => {
    expect(() => withPrerenderedPage('<div id="root">x</div>', '/', { html: '', title: '' })).toThrow(/root/);
  });
});

describe('pageFileName', () => {
  it('maps a URL path to its built file', () => {
    expect(pageFileName('/')).toBe('index.html');
    expect(pageFileName('/settings')).toBe('settings.html');
    expect(pageFileName('/settings/')).toBe('settings.html');
  });
});
