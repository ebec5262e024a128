import { signal } from '@preact/signals-react';
import { HOUR_CHECK_INTERVAL_MS } from '../config/constants';
import { systemClock, type Clock } from '../lib/clock';
import { runEffect } from '../lib/effect-runner';
import type { SettingsStore } from './settings';

/**
 * Keeps `settings.hour` on the clock's hour for auto night mode (SPEC §5): read at once, then
 * every HOUR_CHECK_INTERVAL_MS, and written only when it differs. The check also runs when the
 * stored hour changes (another tab's older value), comparing with the clock rather than with a
 * cached hour, so two tabs always agree and never argue.
 */
export function startHourTick(
  settings: SettingsStore,
  clock: Clock = systemClock,
  intervalMs: number = HOUR_CHECK_INTERVAL_MS,
): () => void {
  const ticks = signal(0);
  const timer = setInterval(() => {
    ticks.value += 1;
  }, intervalMs);
  const stop = runEffect('hour tick', () => {
    void ticks.value;
    const hour = clock.now().getHours();
    if (settings.state.value.hour !== hour) settings.changeHour(hour);
    return undefined;
  });
  return () => {
    clearInterval(timer);
    stop();
  };
}
