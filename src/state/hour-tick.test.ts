import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HOUR_CHECK_INTERVAL_MS } from '../config/constants';
import type { Clock } from '../lib/clock';
import { startHourTick } from './hour-tick';
import { createSettingsState } from './settings';

const at = (hours: number, minutes = 0) => new Date(2026, 0, 15, hours, minutes);

describe('hour tick', () => {
  let now: Date;
  const clock: Clock = { now: () => now };
  let stop: () => void = () => undefined;

  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    stop();
    vi.useRealTimers();
  });

  it('reads the real hour at start-up instead of the default 0', () => {
    now = at(14, 30);
    const settings = createSettingsState();
    expect(settings.state.value.hour).toBe(0);
    stop = startHourTick(settings, clock);
    expect(settings.state.value.hour).toBe(14);
  });

  it('checks every 60 000 ms and writes only when the hour changed', () => {
    now = at(20, 58);
    const settings = createSettingsState();
    const changeHour = vi.spyOn(settings, 'changeHour');
    stop = startHourTick(settings, clock);
    expect(changeHour).toHaveBeenCalledTimes(1);
    const writes = vi.fn();
    const unsubscribe = settings.state.subscribe(writes);
    writes.mockClear();

    now = at(20, 59);
    vi.advanceTimersByTime(HOUR_CHECK_INTERVAL_MS);
    expect(writes).not.toHaveBeenCalled();

    now = at(21, 0);
    vi.advanceTimersByTime(HOUR_CHECK_INTERVAL_MS - 1);
    expect(settings.state.value.hour).toBe(20);
    vi.advanceTimersByTime(1);
    expect(settings.state.value.hour).toBe(21);
    expect(writes).toHaveBeenCalledTimes(1);
    unsubscribe();
  });

  it('turns the night theme on at 21:00 and off at 08:00 with auto night mode', () => {
    now = at(20, 59);
    const settings = createSettingsState({ autoNightMode: true, theme: 'LIGHT-THEME', nightTheme: 'BLACK-THEME' });
    stop = startHourTick(settings, clock);
    expect(settings.effectiveTheme.value).toBe('light-theme');
    now = at(21, 0);
    vi.advanceTimersByTime(HOUR_CHECK_INTERVAL_MS);
    expect(settings.effectiveTheme.value).toBe('black-theme');
    now = at(7, 59);
    vi.advanceTimersByTime(HOUR_CHECK_INTERVAL_MS);
    expect(settings.effectiveTheme.value).toBe('black-theme');
    now = at(8, 0);
    vi.advanceTimersByTime(HOUR_CHECK_INTERVAL_MS);
    expect(settings.effectiveTheme.value).toBe('light-theme');
  });

  it('puts a stale hour from another tab straight back to the clock', () => {
    now = at(22);
    const settings = createSettingsState();
    stop = startHourTick(settings, clock);
    settings.reset({ hour: 19 });
    expect(settings.state.value.hour).toBe(22);
  });

  it('stops checking once stopped', () => {
    now = at(10);
    const settings = createSettingsState();
    stop = startHourTick(settings, clock);
    stop();
    now = at(11);
    vi.advanceTimersByTime(HOUR_CHECK_INTERVAL_MS * 2);
    expect(settings.state.value.hour).toBe(10);
  });
});
