// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { descriptionOf, htmlWithName, manifestWithNames } from './app-names.mjs';

const names = { appName: 'Acme "Orders" </title>', appShortName: 'Acme 📦', description: 'Orders & "more" <b>' };
const repository = (path: string) => readFileSync(new URL(`../${path}`, import.meta.url), 'utf8');

describe('the app names', () => {
  it('go into the web manifest as its name, short name and description, everything else kept', () => {
    const manifest = JSON.parse(manifestWithNames('{"name":"Starter Next","short_name":"Snxt","id":"/"}', names));
    expect(manifest).toEqual({
      name: 'Acme "Orders" </title>',
      short_name: 'Acme 📦',
      description: 'Orders & "more" <b>',
      id: '/',
    });
  });

  it('go into the page title and description as text: nothing in them ends the element or the attribute', () => {
    const html = htmlWithName('<head><title>Starter Next</title><meta name="description" content="" /></head>', names);
    expect(html).toBe(
      '<head><title>Acme &quot;Orders&quot; &lt;/title&gt;</title>' +
        '<meta name="description" content="Orders &amp; &quot;more&quot; &lt;b&gt;" /></head>',
    );
  });
});

describe('the description', () => {
  const english = repository('public/assets/i18n/en.json');
  const renamed = { appName: 'Acme Orders', appShortName: 'Orders' };

  it("is the home page's English lead text with the names in it: one text to write, not three", () => {
    const lead = (JSON.parse(english) as Record<string, string>)['snxt.home.description']!;
    const description = descriptionOf(english, renamed);
    expect(description).toBe(lead.replaceAll('{shortName}', 'Orders').replaceAll('{appName}', 'Acme Orders'));
    const page = htmlWithName(repository('index.html'), { ...renamed, description });
    expect(page).toContain(`<meta name="description" content="${description}" />`);
    const manifest = JSON.parse(
      manifestWithNames(repository('public/manifest.webmanifest'), { ...renamed, description }),
    );
    expect(manifest).toMatchObject({ name: 'Acme Orders', short_name: 'Orders', description });
  });

  it('fills in {appName} and {shortName}, and refuses any other placeholder', () => {
    const catalog = (text: string) => JSON.stringify({ 'snxt.home.description': text });
    expect(descriptionOf(catalog('{appName} ({ shortName })'), renamed)).toBe('Acme Orders (Orders)');
    expect(() => descriptionOf(catalog('{count, plural, one {#} other {#}}'), renamed)).toThrow(/only \{appName\}/);
    expect(() => descriptionOf(catalog('{__proto__}'), renamed)).toThrow(/only \{appName\}/);
    expect(() => descriptionOf('{}', renamed)).toThrow(/has no text snxt.home.description/);
  });
});
