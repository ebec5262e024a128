// Who is signed in, the sign-in flow (oidc-client-ts loads only when it is needed) and who may see a page.
export { auth, AuthModel, runAuth, signedInUser, type AuthState, type UserProfile } from './auth-model';
export { accountCommands } from './account-commands';
export { /** @public */ can } from './can';
export { offersRoute, routeAccess, type AccessNeeds, type RouteAccess } from './route-access';
export { IdleWarningSlot } from './idle/idle-warning-slot';
export { signInAfterIdleSignOut } from './idle/return-page';
export { startIdleSignOut } from './idle/start-idle-sign-out';
export { isSignInCallback } from './session/callback-url';
export { emailVerifiedOf, storedSignInTime } from './session/profile-claims';
export { runSignIn } from './sign-in';
export { SignInModel } from './sign-in-model';
export { AuthControls } from './ui/auth-controls';
export { displayEmail } from './ui/display-email';
export { loadSignInGate } from './ui/load-sign-in-gate';
