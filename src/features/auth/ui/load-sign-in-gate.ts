/** The page a visitor waiting for sign-in sees: a chunk of its own. */
export const loadSignInGate = () => import('./sign-in-gate').then((module) => module.SignInGate);
