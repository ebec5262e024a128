// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { htmlWithName, manifestWithNames } from './app-names.mjs';

const names = { appName: 'Acme "Orders" </title>', appShortName: 'Acme 📦' };

describe('the app names', () => {
  it('go into the web manifest as its name and short name, everything else kept', () => {
    const manifest = JSON.parse(manifestWithNames('{"name":"Starter Next","short_name":"Snxt","id":"/"}', names));
    expect(manifest).toEqual({ name: 'Acme "Orders" </title>', short_name: 'Acme 📦', id: '/' });
  });

  it('go into the page title as text: nothing in them ends the element', () => {
    const html = htmlWithName('<head><title>Starter Next</title></head>', names);
    expect(html).toBe('<head><title>Acme &quot;Orders&quot; &lt;/title&gt;</title></head>');
  });
});
