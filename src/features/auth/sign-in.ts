import type { SignInModel } from './sign-in-model';

// The one running-instance slot: startApp puts the model it created here; stopping the app empties it.
let running: SignInModel | null = null;

export function runSignIn(model: SignInModel): () => void {
  running = model;
  return () => {
    if (running === model) running = null;
    model[Symbol.dispose]();
  };
}

export const signInModel = (): SignInModel | null => running;

export function login(): void {
  running?.login();
}

export function logout(): void {
  running?.logout();
}
