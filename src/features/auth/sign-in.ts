import type { SignInModel } from './sign-in-model';

// The one running-instance slot: startApp puts the model it created here; stopping the app empties it.
let running: SignInModel | null = null;

/** Makes `model` the one the verbs and components act on; returns a function that disposes it. */
export function runSignIn(model: SignInModel): () => void {
  running = model;
  return () => {
    if (running === model) running = null;
    model[Symbol.dispose]();
  };
}

/** The running model, for the feature's components; null before startApp and in the prerender. */
export const signInModel = (): SignInModel | null => running;

/** Leaves for the hosted sign-in page, to come back to the page it was pressed on. */
export function login(): void {
  running?.login();
}

/** Signs out here at once, then ends the provider's session. */
export function logout(): void {
  running?.logout();
}
