import { signal } from '@preact/signals-react';
import { useSignals } from '@preact/signals-react/runtime';
import { useHydrated } from '../../lib/use-hydrated';
import type { ConsentChoice, ConsentModel } from './consent-model';

// The one running-instance slot: the analytics start-up (analytics builds only) puts its model here. Pure, so a
// build without analytics drops it.
const running = /* @__PURE__ */ signal<ConsentModel | null>(null);

export function runConsent(model: ConsentModel): () => void {
  running.value = model;
  return () => {
    if (running.peek() === model) running.value = null;
    model[Symbol.dispose]();
  };
}

export interface ConsentView {
  known: boolean;
  analytics: ConsentChoice | null;
}

const UNKNOWN: ConsentView = { known: false, analytics: null };

/** Unknown while a prerendered page hydrates (it was built for nobody in particular), then the visitor's choice. */
export function useConsent(): ConsentView {
  // The signals Babel transform reaches .tsx files only; this tracks the read for the component.
  useSignals();
  const model = running.value;
  const analytics = model?.analytics.value ?? null;
  return useHydrated() && model ? { known: true, analytics } : UNKNOWN;
}

export function chooseAnalytics(choice: ConsentChoice): void {
  running.peek()?.choose(choice);
}
