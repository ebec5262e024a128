import { useSignals } from '@preact/signals-react/runtime';
import { runningSlot } from '../../lib/running-slot';
import { useHydrated } from '../../lib/use-hydrated';
import type { ConsentChoice, ConsentModel } from './consent-model';

// The analytics start-up (analytics builds only) puts its model here. Pure, so a build without analytics drops it.
const running = /* @__PURE__ */ runningSlot<ConsentModel>('The consent model');

export const runConsent = running.run;

export interface ConsentView {
  known: boolean;
  analytics: ConsentChoice | null;
}

const UNKNOWN: ConsentView = { known: false, analytics: null };

/** Unknown while a prerendered page hydrates (it was built for nobody in particular), then the visitor's choice. */
export function useConsent(): ConsentView {
  // The signals Babel transform reaches .tsx files only; this tracks the read for the component.
  useSignals();
  const model = running.current();
  const analytics = model?.analytics.value ?? null;
  return useHydrated() && model ? { known: true, analytics } : UNKNOWN;
}

export function chooseAnalytics(choice: ConsentChoice): void {
  running.peek()?.choose(choice);
}
