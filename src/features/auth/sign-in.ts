import { runningSlot } from '../../lib/running-slot';
import type { SignInModel } from './sign-in-model';

const running = /* @__PURE__ */ runningSlot<SignInModel>('The sign-in model');

export const runSignIn = running.run;

export const signInModel = (): SignInModel | null => running.peek();

export function login(): void {
  running.peek()?.login();
}

export function logout(): void {
  running.peek()?.logout();
}
