import type { ReadonlySignal } from '@preact/signals-react';
import { runningSlot } from './running-slot';

export type Session = ReadonlySignal<{ readonly user: { readonly sub: string } | null }>;

// A door the app connects the auth state to at start: shared code (the data kit) keeps data per user without
// importing the auth domain. A fresh session per start, so each unit test's data is its own.
const running = /* @__PURE__ */ runningSlot<Session>('The session');

export const connectSession = running.run;
export const currentSession = running.get;
