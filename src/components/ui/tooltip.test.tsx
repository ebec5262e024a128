import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOOLTIP } from '../../config/constants';
import { preloadTooltips, Tooltip } from './tooltip';

// The Radix tooltip module is loaded on demand in the app; load it up front here.
beforeAll(() => preloadTooltips());

function renderTooltip() {
  render(
    <Tooltip content="Changelog">
      <button type="button">v9.0.0</button>
    </Tooltip>,
  );
  return screen.getByRole('button', { name: 'v9.0.0' });
}

describe('Tooltip', () => {
  it('shows on hover without a delay', async () => {
    const user = userEvent.setup();
    const trigger = renderTooltip();
    await user.hover(trigger);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Changelog');
    expect(screen.getByRole('tooltip')).toHaveStyle({ maxWidth: '250px' });
  });

  it('shows on keyboard focus', async () => {
    const user = userEvent.setup();
    renderTooltip();
    await user.tab();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Changelog');
  });

  describe('on touch', () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());
    const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

    it('shows after a 500 ms long press and hides 1500 ms after the finger lifts', () => {
      const trigger = renderTooltip();
      fireEvent.pointerDown(trigger, { pointerType: 'touch' });
      advance(TOOLTIP.touchLongPressMs - 1);
      expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
      advance(1);
      expect(screen.getByRole('tooltip')).toHaveTextContent('Changelog');
      fireEvent.pointerUp(trigger, { pointerType: 'touch' });
      fireEvent.pointerLeave(trigger, { pointerType: 'touch' });
      advance(TOOLTIP.touchHideDelayMs - 1);
      expect(screen.getByRole('tooltip')).toBeInTheDocument();
      advance(1);
      expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    });

    it('does not show for a short tap or a press the browser turned into a scroll', () => {
      const trigger = renderTooltip();
      fireEvent.pointerDown(trigger, { pointerType: 'touch' });
      advance(200);
      fireEvent.pointerUp(trigger, { pointerType: 'touch' });
      fireEvent.pointerDown(trigger, { pointerType: 'touch' });
      advance(300);
      fireEvent.pointerCancel(trigger, { pointerType: 'touch' });
      advance(TOOLTIP.touchLongPressMs);
      expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    });
  });
});
