import { effect } from '@preact/signals-react';
import { EFFECT_MAX_RETRIES } from '../config/constants';
import { reportError } from './report';

export interface EffectRunnerOptions {
  maxRetries?: number;
  /** Delay before the n-th retry; grows so a briefly failing resource (quota, DOM) can recover. */
  retryDelayMs?: (attempt: number) => number;
}

/**
 * Runs `fn` as a signal effect. A failure is reported and the effect is re-created (which re-runs
 * it) up to `maxRetries` times in a row; after that it stays stopped and that is reported too.
 * Returns a function that stops it for good.
 */
export function runEffect(
  name: string,
  fn: () => (() => void) | undefined,
  { maxRetries = EFFECT_MAX_RETRIES, retryDelayMs = (attempt) => 50 * attempt }: EffectRunnerOptions = {},
): () => void {
  let failures = 0;
  let stopped = false;
  let dispose: (() => void) | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;

  const start = () => {
    retryTimer = null;
    if (stopped) return;
    dispose = effect(function runTrackedEffect() {
      try {
        const cleanup = fn();
        failures = 0;
        return cleanup;
      } catch (error) {
        failures += 1;
        reportError(error, `Effect "${name}" failed (attempt ${failures})`);
        // Disposing inside the run is not allowed; leave the tracked effect on the next tick.
        queueMicrotask(() => handleFailure());
        return undefined;
      }
    });
  };

  const handleFailure = () => {
    dispose?.();
    dispose = null;
    if (stopped) return;
    if (failures > maxRetries) {
      stopped = true;
      reportError(new Error(`Effect "${name}" stopped after ${maxRetries} retries`), 'Effect runner');
      return;
    }
    retryTimer = setTimeout(start, retryDelayMs(failures));
  };

  start();
  return () => {
    stopped = true;
    if (retryTimer) clearTimeout(retryTimer);
    dispose?.();
  };
}
