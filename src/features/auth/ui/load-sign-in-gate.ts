export const loadSignInGate = () => import('./sign-in-gate').then((module) => module.SignInGate);
