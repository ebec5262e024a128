import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createIconCache } from '../../lib/icon-cache';
import { Icon } from './icon';

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M0 0"/></svg>';

describe('Icon', () => {
  it('inlines the SVG hidden from assistive technology when it has no label', async () => {
    const cache = createIconCache(async () => SVG);
    const { container } = render(<Icon name="home" cache={cache} />);
    await waitFor(() => expect(container.querySelector('svg')).not.toBeNull());
    expect(container.firstElementChild).toHaveAttribute('aria-hidden', 'true');
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('is an image with an accessible name when given a label', async () => {
    const cache = createIconCache(async () => SVG);
    render(<Icon name="warning" label="Warning" cache={cache} />);
    const img = screen.getByRole('img', { name: 'Warning' });
    await waitFor(() => expect(img.querySelector('svg')).not.toBeNull());
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
});
