// @vitest-environment jsdom
// DOMPurify needs a DOM that parses and walks trees as browsers do; happy-dom's parser and NodeIterator differ.
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../lib/http';
import { createIconCache } from '../../lib/icon-cache';
import { connectReporter } from '../../lib/report';
import { Icon } from './icon';

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
});
