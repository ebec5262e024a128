// @vitest-environment jsdom
// DOMPurify needs a DOM that parses and walks trees as browsers do; happy-dom's parser and NodeIterator differ.
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../lib/http';
import { createIconCache } from '../../lib/icon-cache';
import { connectReporter } from '../../lib/notice-bus';
import { Icon } from './fetched-icon';

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="currentColor"><path d="M0 0"/></svg>';

describe('Icon', () => {
  afterEach(() => {
    document.title = '';
  });

  it('inlines the SVG hidden from assistive technology when it has no label', async () => {
    const cache = createIconCache(async () => SVG);
    const { container } = render(<Icon name="home" cache={cache} />);
    await waitFor(() => expect(container.querySelector('svg')).not.toBeNull());
    expect(container.firstElementChild).toHaveAttribute('aria-hidden', 'true');
    expect(container.querySelector('svg')).toHaveAttribute('fill', 'currentColor');
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('is an image with an accessible name when given a label', async () => {
    const cache = createIconCache(async () => SVG);
    render(<Icon name="warning" label="Warning" cache={cache} />);
    const img = screen.getByRole('img', { name: 'Warning' });
    await waitFor(() => expect(img.querySelector('svg')).not.toBeNull());
  });

  it('reserves its size while the file loads', () => {
    const cache = createIconCache(() => new Promise<string>(() => {}));
    const { container } = render(<Icon name="home" size={20} cache={cache} />);
    expect(container.firstElementChild).toHaveStyle({ width: '20px', height: '20px' });
    expect(container.firstElementChild).toBeEmptyDOMElement();
  });

  it('makes one request for many icons of the same name', async () => {
    const fetchText = vi.fn(async () => SVG);
    const cache = createIconCache(fetchText);
    const { container } = render(
      <>
        <Icon name="home" cache={cache} />
        <Icon name="home" cache={cache} />
        <Icon name="home" cache={cache} />
      </>,
    );
    await waitFor(() => expect(container.querySelectorAll('svg')).toHaveLength(3));
    expect(fetchText).toHaveBeenCalledTimes(1);
  });

  it('inserts the icon as nodes, never as markup to parse', async () => {
    const markup = vi.spyOn(Element.prototype, 'innerHTML', 'set');
    const outer = vi.spyOn(Element.prototype, 'outerHTML', 'set');
    const adjacent = vi.spyOn(Element.prototype, 'insertAdjacentHTML');
    const cache = createIconCache(async () => SVG);
    const { container } = render(<Icon name="home" cache={cache} />);
    await waitFor(() => expect(container.querySelector('svg path')).not.toBeNull());
    expect(markup).not.toHaveBeenCalled();
    expect(outer).not.toHaveBeenCalled();
    expect(adjacent).not.toHaveBeenCalled();
  });

  it('draws a hostile file as a harmless shape', async () => {
    const hostile =
      '<svg xmlns="http://www.w3.org/2000/svg" onload="document.title=1"><?x ><img src=x onerror=document.title=1>?>' +
      '<a href="java&#9;script:document.title=1"><path d="M0 0"/></a><use href="https://evil.test/x.svg#i"/>' +
      '<meta http-equiv="refresh" content="0;url=https://evil.test/"/></svg>';
    const report = vi.fn();
    const disconnect = connectReporter({ error: report, notice: vi.fn() });
    const cache = createIconCache(async (url) =>
      url.endsWith('/bad.svg') ? hostile : SVG.replace('<path', '<path onclick="document.title=1"'),
    );
    const { container } = render(
      <>
        <Icon name="bad" cache={cache} />
        <Icon name="good" cache={cache} />
      </>,
    );
    await waitFor(() => expect(container.querySelector('svg path')).not.toBeNull());
    await waitFor(() => expect(report).toHaveBeenCalled());
    disconnect();
    container.querySelectorAll('*').forEach((element) => element.dispatchEvent(new Event('click')));
    expect([...container.querySelectorAll('*')].map((element) => element.localName)).toEqual([
      'span',
      'span',
      'svg',
      'path',
    ]);
    expect(container.querySelector('path')?.getAttributeNames()).toEqual(['d']);
    expect(document.title).toBe('');
    expect(report).toHaveBeenCalledWith(expect.objectContaining({ message: 'not an SVG document' }), 'Icon "bad"');
  });

  it('leaves HTTP failures to the HTTP helper, which has reported them already', async () => {
    const report = vi.fn();
    const disconnect = connectReporter({ error: report, notice: vi.fn() });
    const failure = new HttpError(404, '/assets/icons/home.svg', new Response(null, { status: 404 }));
    const fetchText = vi.fn().mockRejectedValueOnce(failure).mockResolvedValue(SVG);
    const cache = createIconCache(fetchText);
    const first = render(<Icon name="home" cache={cache} />);
    await expect(cache.load('home')).rejects.toBe(failure);
    first.unmount();
    // A later render tries again.
    const { container } = render(<Icon name="home" cache={cache} />);
    await waitFor(() => expect(container.querySelector('svg')).not.toBeNull());
    disconnect();
    expect(fetchText).toHaveBeenCalledTimes(2);
    expect(report).not.toHaveBeenCalled();
  });

  describe('ids', () => {
    const GRADIENT =
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 24 24">' +
      '<defs><linearGradient id="g"><stop offset="0"/></linearGradient>' +
      '<linearGradient id="h" href="#g" xlink:href="#g"/><clipPath id="c"><rect width="9" height="9"/></clipPath></defs>' +
      '<path d="M0 0" fill="url(#g)" stroke="url( #h )" clip-path="url(#c)" mask="url(#elsewhere)"/></svg>';

    const renderTwo = async (svg: string) => {
      const cache = createIconCache(async () => svg);
      const { container } = render(
        <>
          <Icon name="a" cache={cache} />
          <Icon name="a" cache={cache} />
        </>,
      );
      await waitFor(() => expect(container.querySelectorAll('svg')).toHaveLength(2));
      return [...container.querySelectorAll('svg')];
    };

    it('are unique to each instance, and the references inside follow them', async () => {
      const instances = await renderTwo(GRADIENT);
      const ids = instances.map((svg) => [...svg.querySelectorAll('[id]')].map((element) => element.id));
      expect(new Set(ids.flat()).size).toBe(6);
      for (const svg of instances) {
        const [g, h, c] = [...svg.querySelectorAll('[id]')].map((element) => element.id);
        expect([g, h, c].every((id) => id !== 'g' && id !== 'h' && id !== 'c')).toBe(true);
        const path = svg.querySelector('path')!;
        expect(path.getAttribute('fill')).toBe(`url(#${g})`);
        expect(path.getAttribute('stroke')).toBe(`url(#${h})`);
        expect(path.getAttribute('clip-path')).toBe(`url(#${c})`);
        const template = svg.querySelector(`#${h}`)!;
        expect(template.getAttribute('href')).toBe(`#${g}`);
        expect(template.getAttributeNS('http://www.w3.org/1999/xlink', 'href')).toBe(`#${g}`);
        // A reference to an id the icon does not have points at nothing in the page either.
        const mask = path.getAttribute('mask');
        expect(mask).not.toBe('url(#elsewhere)');
        expect(document.querySelector(mask!.slice(4, -1))).toBeNull();
      }
    });

    it('do not reach the page: an icon with id="dataLayer" leaves window.dataLayer alone', async () => {
      const dataLayer: unknown[] = [];
      Object.assign(window, { dataLayer });
      try {
        const instances = await renderTwo(SVG.replace('<path', '<path id="dataLayer"'));
        expect(document.getElementById('dataLayer')).toBeNull();
        expect(instances.map((svg) => svg.querySelector('path')?.id)).not.toContain('dataLayer');
        expect((window as unknown as { dataLayer: unknown }).dataLayer).toBe(dataLayer);
      } finally {
        delete (window as unknown as { dataLayer?: unknown }).dataLayer;
      }
    });

    it('leave the cached icon as it was', async () => {
      const cache = createIconCache(async () => GRADIENT);
      render(<Icon name="a" cache={cache} />);
      await waitFor(() => expect(cache.peek('a')).toBeDefined());
      expect(cache.peek('a')!.querySelector('path')?.getAttribute('fill')).toBe('url(#g)');
    });
  });
});
