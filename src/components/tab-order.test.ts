import { afterEach, describe, expect, it } from 'vitest';
import { focusNextTabStop } from './tab-order';

function page(html: string) {
  document.body.innerHTML = html;
  return (id: string) => document.getElementById(id)!;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('focusNextTabStop', () => {
  it('moves on to the next tab stop, or back to the one before', () => {
    const byId = page(`
      <a id="before" href="/">Home</a>
      <button id="origin">Menu</button>
      <input id="after" />
    `);
    focusNextTabStop(byId('origin'));
    expect(document.activeElement).toBe(byId('after'));
    focusNextTabStop(byId('origin'), true);
    expect(document.activeElement).toBe(byId('before'));
  });

  it('skips what Tab skips: disabled, tabindex -1, hidden, inert, anchors without href and focus guards', () => {
    const byId = page(`
      <button id="origin">Menu</button>
      <button disabled>Off</button>
      <button tabindex="-1">Out of order</button>
      <button style="display: none">Gone</button>
      <span style="visibility: hidden"><button>Invisible</button></span>
      <div inert><a href="/">Inert</a></div>
      <a>No href</a>
      <span data-radix-focus-guard tabindex="0"></span>
      <div id="next" tabindex="0">Next</div>
    `);
    focusNextTabStop(byId('origin'));
    expect(document.activeElement).toBe(byId('next'));
  });

  it('stays on the origin when nothing follows it', () => {
    const byId = page(`<button id="origin">Menu</button>`);
    focusNextTabStop(byId('origin'));
    expect(document.activeElement).toBe(byId('origin'));
  });
});
