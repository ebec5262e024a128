import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { IdleWarning } from './idle-warning';

const START = Date.UTC(2026, 10, 27, 9, 0, 0);

beforeEach(() => {
  // Date and the countdown's interval only: the app's start-up keeps its own timers.
  vi.useFakeTimers({ now: START, toFake: ['Date', 'setInterval', 'clearInterval'] });
});
afterEach(() => vi.useRealTimers());

async function showWarning(secondsLeft = 120, language = 'en') {
  const onStay = vi.fn();
  const onSignOut = vi.fn();
  const rendered = await renderApp(
    <>
      <button type="button">Somewhere on the page</button>
      <IdleWarning deadline={START + secondsLeft * 1000} onStay={onStay} onSignOut={onSignOut} />
    </>,
    { stored: { 'snxt-SETTINGS': { language } } },
  );
  return { ...rendered, onStay, onSignOut };
}

const dialog = () => screen.getByRole('alertdialog');
const shown = () => dialog().querySelector('[aria-hidden="true"]')?.textContent;
const announced = () => screen.getByRole('status').textContent;
const seconds = (count: number) => act(() => vi.advanceTimersByTime(count * 1000));

describe('the idle warning', () => {
  it('is an alert dialog that says when the sign-out comes, with Stay signed in focused', async () => {
    await showWarning();
    expect(dialog()).toHaveAccessibleName('Are you still there?');
    expect(dialog()).toHaveAttribute('aria-modal', 'true');
    expect(shown()).toBe('For your security, you will be signed out in 2:00.');
    expect(dialog()).toHaveAccessibleDescription('For your security, you will be signed out in 2 minutes.');
    expect(screen.getByRole('button', { name: 'Stay signed in' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
  });

  it('counts down every second on screen, and for a screen reader at most every 30 seconds', async () => {
    await showWarning();
    await seconds(1);
    expect(shown()).toBe('For your security, you will be signed out in 1:59.');
    expect(announced()).toBe('For your security, you will be signed out in 2 minutes.');
    await seconds(28);
    expect(shown()).toBe('For your security, you will be signed out in 1:31.');
    expect(announced()).toBe('For your security, you will be signed out in 2 minutes.');
    await seconds(1);
    expect(announced()).toBe('For your security, you will be signed out in 1 minute, 30 seconds.');
    await seconds(29);
    expect(shown()).toBe('For your security, you will be signed out in 1:01.');
    expect(announced()).toBe('For your security, you will be signed out in 1 minute, 30 seconds.');
    await seconds(31);
    expect(announced()).toBe('For your security, you will be signed out in 30 seconds.');
    await seconds(40);
    expect(shown()).toBe('For your security, you will be signed out in 0:00.');
  });

  it('Stay signed in and Escape keep the session; Sign out signs out, and only that', async () => {
    const { onStay, onSignOut, userEvent } = await showWarning();
    await userEvent.keyboard('{Escape}');
    expect(onStay).toHaveBeenCalledOnce();
    await userEvent.click(screen.getByRole('button', { name: 'Stay signed in' }));
    expect(onStay).toHaveBeenCalledTimes(2);
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(onSignOut).toHaveBeenCalledOnce();
    expect(onStay).toHaveBeenCalledTimes(2);
  });

  it('stays open on other keys: reading it is not an answer', async () => {
    const { onStay, onSignOut, userEvent } = await showWarning();
    await userEvent.keyboard('{Tab}{ArrowDown}a{Shift>}{Tab}{/Shift}');
    expect(dialog()).toBeInTheDocument();
    expect(onStay).not.toHaveBeenCalled();
    expect(onSignOut).not.toHaveBeenCalled();
  });

  it('speaks the visitor’s language', async () => {
    await showWarning(90, 'de');
    expect(await screen.findByRole('alertdialog', { name: 'Sind Sie noch da?' })).toHaveAccessibleDescription(
      'Zu Ihrer Sicherheit werden Sie in 1 Minute, 30 Sekunden abgemeldet.',
    );
    expect(shown()).toBe('Zu Ihrer Sicherheit werden Sie in 1:30 abgemeldet.');
    expect(screen.getByRole('button', { name: 'Angemeldet bleiben' })).toHaveFocus();
  });
});
