import { action } from '@preact/signals-react';
import { env } from '../config/env';
import { reportError } from '../lib/report';

/** Turns an unknown payload into a valid one, or says why it is not. */
export type Validator<P> = (payload: unknown) => { ok: true; value: P } | { ok: false; reason: string };

export class InvalidActionError extends Error {
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

/**
 * The only way state changes. An action validates its payload (an invalid one is reported and
 * changes nothing), is logged in development builds, then applied as one signals `action`
 * (batched, untracked). Returns whether it applied.
 */
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

export const valid = <P>(value: P) => ({ ok: true as const, value });
export const rejected = (reason: string) => ({ ok: false as const, reason });

export function oneOf<T extends string>(allowed: readonly T[]): Validator<T> {
  return (payload) =>
    typeof payload === 'string' && (allowed as readonly string[]).includes(payload)
      ? valid(payload as T)
      : rejected(`expected one of ${allowed.join(', ')}, got ${JSON.stringify(payload)}`);
}

export const isBoolean: Validator<boolean> = (payload) =>
  typeof payload === 'boolean' ? valid(payload) : rejected(`expected a boolean, got ${JSON.stringify(payload)}`);

export const isHour: Validator<number> = (payload) =>
  typeof payload === 'number' && Number.isInteger(payload) && payload >= 0 && payload <= 23
    ? valid(payload)
    : rejected(`expected an hour 0–23, got ${JSON.stringify(payload)}`);

export const noPayload: Validator<void> = () => valid(undefined);

/** For a payload the action re-checks itself (stored data that is sanitised field by field). */
export const anyPayload: Validator<unknown> = (payload) => valid(payload);
