import { action, effect, signal } from '@preact/signals-react';
import { EFFECT_MAX_RETRIES } from '../config/constants';
import { env } from '../config/env';
import type { Validator } from './checks';
import { reportError } from './notice-bus';

class InvalidActionError extends Error {
  constructor(
    readonly action: string,
    readonly payload: unknown,
    reason: string,
  ) {
    super(`Action "${action}" rejected: ${reason}`);
    this.name = 'InvalidActionError';
  }
}

const logActions = !env.production && !env.test;

/** The only way state changes: an invalid payload is reported and changes nothing. */
export function defineAction<P>(name: string, validate: Validator<P>, apply: (payload: P) => void) {
  const run = action((payload: P): boolean => {
    const result = validate(payload);
    if (!result.ok) {
      reportError(new InvalidActionError(name, payload, result.reason), 'Invalid action');
      return false;
    }
    if (logActions) console.info(`[action] ${name}`, payload);
    apply(result.value);
    return true;
  });
  Object.defineProperty(run, 'name', { value: name });
  return run;
}

export interface EffectRunnerOptions {
  maxRetries?: number;
  /** Grows, so a briefly failing resource (quota, DOM) can recover. */
  retryDelayMs?: (attempt: number) => number;
}

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
