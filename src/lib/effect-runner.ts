import { effect, signal } from '@preact/signals-react';
import { EFFECT_MAX_RETRIES } from '../config/constants';
import { reportError } from './report';

export interface EffectRunnerOptions {
  maxRetries?: number;
  /** Delay before the n-th retry; grows so a briefly failing resource (quota, DOM) can recover. */
  retryDelayMs?: (attempt: number) => number;
}

/**
 * Runs `fn` (which may return a cleanup function) as a signal effect that reports a failure and runs again, up to `maxRetries` times in
 * a row; after that it stays stopped and says so. It is one effect from start to end, so a model
 * that creates it owns it and disposing the model stops it. Returns a function that stops it.
 */
export function runEffect(
  name: string,
  fn: () => unknown,
  { maxRetries = EFFECT_MAX_RETRIES, retryDelayMs = (attempt) => 50 * attempt }: EffectRunnerOptions = {},
): () => void {
  const retries = signal(0);
  let failures = 0;
  return effect(function runTrackedEffect() {
    if (failures > maxRetries) return undefined;
    void retries.value;
    try {
      const cleanup = fn();
      failures = 0;
      return typeof cleanup === 'function' ? (cleanup as () => void) : undefined;
    } catch (error) {
      failures += 1;
      reportError(error, `Effect "${name}" failed (attempt ${failures})`);
      if (failures > maxRetries) {
        reportError(new Error(`Effect "${name}" stopped after ${maxRetries} retries`), 'Effect runner');
        return undefined;
      }
      const timer = setTimeout(() => retries.value++, retryDelayMs(failures));
      return () => clearTimeout(timer);
    }
  });
}
