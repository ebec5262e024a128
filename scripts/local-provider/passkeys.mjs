// Passkeys as Cognito's managed login offers them: a sign-in button and /passkeys/add (docs/sign-in.md#passkeys).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { dirname, join } from 'node:path';

import { readBody } from './read-body.mjs';
import { escapeHtml, layout, PASSKEY_SCRIPTS, passkeyForm, signInPage } from './oidc-provider-views.mjs';

const ADD_PATH = '/passkeys/add';
const CHALLENGE_TTL_MS = 5 * 60 * 1000;
const FORM_LIMIT = 16 * 1024;

const require = createRequire(import.meta.url);
const SCRIPTS = new Map([
  [
    '/passkeys/simplewebauthn-browser.js',
    join(dirname(require.resolve('@simplewebauthn/browser')), '../dist/bundle/index.umd.min.js'),
  ],
  ['/passkeys/passkeys-page.js', new URL('./passkeys-page.js', import.meta.url)],
]);
const scriptCache = new Map();
const script = (path) => scriptCache.get(path) ?? scriptCache.set(path, readFileSync(SCRIPTS.get(path))).get(path);

/** The provider's host name and origin; none on an IP address, which a relying-party id cannot be. */
export function relyingPartyOf(issuer) {
  const { hostname, origin } = new URL(issuer);
  return isIP(hostname.replace(/^\[|\]$/g, '')) ? null : { id: hostname, origin };
}

export const passkeySignIn = (uid) => ({
  optionsUrl: `/interaction/${uid}/passkey/options`,
  action: `/interaction/${uid}/passkey`,
});

export function createPasskeyStore() {
  const credentials = new Map();
  const handles = new Map();
  return {
    byId: (id) => credentials.get(id),
    ofAccount: (sub) => [...credentials.values()].filter((credential) => credential.sub === sub),
    handleOf: (sub) => handles.get(sub),
    ensureHandle(sub) {
      if (!handles.has(sub)) handles.set(sub, randomBytes(32).toString('base64url'));
      return handles.get(sub);
    },
    add(sub, { id, publicKey, counter, transports }) {
      credentials.set(id, { sub, id, publicKey, counter, transports });
    },
    setCounter(id, counter) {
      const credential = credentials.get(id);
      if (credential) credential.counter = counter;
    },
  };
}

/** Each challenge is taken once: a replayed answer finds none. */
function createChallenges() {
  const pending = new Map();
  return {
    put(key, value) {
      pending.set(key, { ...value, expiresAt: Date.now() + CHALLENGE_TTL_MS });
    },
    take(key) {
      const entry = pending.get(key);
      pending.delete(key);
      return entry && entry.expiresAt > Date.now() ? entry : undefined;
    },
  };
}

function parseCredential(text) {
  try {
    const credential = JSON.parse(text ?? '');
    const plain = credential && typeof credential === 'object' && !Array.isArray(credential);
    const valid = plain && typeof credential.id === 'string' && credential.id.length <= 1024;
    return valid && credential.response && typeof credential.response === 'object' ? credential : undefined;
  } catch {
    return undefined;
  }
}

export function passkeys({ provider, rp, clientId, redirectUris, accounts, store }) {
  const challenges = createChallenges();
  // Loaded now: at the first passkey it would keep the page waiting for seconds.
  const webauthnModule = import('@simplewebauthn/server');
  const webauthn = () => webauthnModule;

  const signedInAccount = async (ctx) => {
    const session = await provider.Session.get(ctx);
    const account = session.accountId ? accounts.bySub(session.accountId) : undefined;
    return account ? { session, account } : undefined;
  };
  const validReturn = (query) =>
    query.get('client_id') === clientId && redirectUris.includes(query.get('redirect_uri') ?? '');

  const addPage = async (ctx, query, error = false) => {
    const returnTo = query.get('redirect_uri');
    const signedIn = await signedInAccount(ctx);
    ctx.type = 'html';
    ctx.set('Cache-Control', 'no-store');
    ctx.body = layout({
      title: 'Add a passkey',
      head: signedIn ? PASSKEY_SCRIPTS : '',
      body: `    <h1>Add a passkey</h1>
    ${error ? '<p class="error" role="alert">The passkey could not be added. Try again.</p>' : ''}
    ${
      signedIn
        ? `<p>For <strong>${escapeHtml(signedIn.account.email)}</strong>: your device makes the passkey and keeps it;
    this provider keeps only its public key, until it stops.</p>
    ${passkeyForm({
      kind: 'register',
      optionsUrl: `${ADD_PATH}/options`,
      action: ADD_PATH,
      label: 'Create passkey',
      hidden: { client_id: clientId, redirect_uri: returnTo },
    })}`
        : '<p>You are not signed in here. Sign in to the app again, then add a passkey.</p>'
    }
    <p class="hint"><a href="${escapeHtml(returnTo)}">Back to the app</a></p>`,
    });
  };

  const refuse = (ctx, status, error) => {
    ctx.status = status;
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { error };
  };

  const registrationOptions = async (ctx) => {
    const signedIn = await signedInAccount(ctx);
    if (!signedIn) return refuse(ctx, 401, 'Sign in first.');
    const { account, session } = signedIn;
    const options = await (
      await webauthn()
    ).generateRegistrationOptions({
      rpName: 'Snxt local identity provider',
      rpID: rp.id,
      userName: account.email,
      userDisplayName: account.name,
      userID: Buffer.from(store.ensureHandle(account.sub), 'base64url'),
      attestationType: 'none',
      excludeCredentials: store.ofAccount(account.sub).map(({ id, transports }) => ({ id, transports })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    });
    challenges.put(`add:${session.uid}`, { challenge: options.challenge, sub: account.sub });
    ctx.set('Cache-Control', 'no-store');
    ctx.body = options;
    return undefined;
  };

  const register = async (ctx, form) => {
    const signedIn = await signedInAccount(ctx);
    const pending = signedIn && challenges.take(`add:${signedIn.session.uid}`);
    const credential = parseCredential(form.get('credential'));
    if (!pending || pending.sub !== signedIn.account.sub || !credential) return addPage(ctx, form, true);
    try {
      const { verified, registrationInfo } = await (
        await webauthn()
      ).verifyRegistrationResponse({
        response: credential,
        expectedChallenge: pending.challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        requireUserVerification: false,
      });
      if (!verified || store.byId(registrationInfo.credential.id)) return addPage(ctx, form, true);
      store.add(signedIn.account.sub, registrationInfo.credential);
    } catch {
      return addPage(ctx, form, true);
    }
    ctx.status = 303;
    ctx.redirect(form.get('redirect_uri'));
    return undefined;
  };

  const interactionOf = async (ctx, uid) => {
    const interaction = await provider.interactionDetails(ctx.req, ctx.res);
    if (interaction.uid !== uid) ctx.throw(400, 'interaction mismatch, start the sign-in again');
    if (interaction.prompt.name !== 'login') ctx.throw(500, `unexpected prompt: ${interaction.prompt.name}`);
    return interaction;
  };

  const authenticationOptions = async (ctx, uid) => {
    await interactionOf(ctx, uid);
    const options = await (
      await webauthn()
    ).generateAuthenticationOptions({ rpID: rp.id, userVerification: 'preferred' });
    challenges.put(`sign-in:${uid}`, { challenge: options.challenge });
    ctx.set('Cache-Control', 'no-store');
    ctx.body = options;
  };

  // The credential id's account (bound at registration) must be the one its user handle names.
  const authenticate = async (ctx, uid, form) => {
    await interactionOf(ctx, uid);
    const pending = challenges.take(`sign-in:${uid}`);
    const credential = parseCredential(form.get('credential'));
    const stored = credential && store.byId(credential.id);
    const account = stored && accounts.bySub(stored.sub);
    const sameAccount = account && credential.response.userHandle === store.handleOf(stored.sub);
    const failed = () => {
      ctx.type = 'html';
      ctx.body = signInPage({
        action: `/interaction/${uid}/login`,
        accounts: accounts.listed,
        passkey: passkeySignIn(uid),
        passkeyError: true,
      });
    };
    if (!pending || !sameAccount) return failed();
    try {
      const { verified, authenticationInfo } = await (
        await webauthn()
      ).verifyAuthenticationResponse({
        response: credential,
        expectedChallenge: pending.challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        credential: stored,
        requireUserVerification: false,
      });
      if (!verified) return failed();
      store.setCounter(stored.id, authenticationInfo.newCounter);
    } catch {
      return failed();
    }
    const result = { login: { accountId: account.sub, amr: ['pop'] } };
    ctx.status = 303;
    ctx.redirect(await provider.interactionResult(ctx.req, ctx.res, result, { mergeWithLastSubmission: false }));
    return undefined;
  };

  return async (ctx, next) => {
    if (SCRIPTS.has(ctx.path) && ctx.method === 'GET') {
      ctx.type = 'text/javascript';
      ctx.set('Cache-Control', 'no-cache');
      ctx.body = script(ctx.path);
      return undefined;
    }
    const interaction = /^\/interaction\/([\w-]+)\/passkey(\/options)?$/.exec(ctx.path);
    if (ctx.path !== ADD_PATH && ctx.path !== `${ADD_PATH}/options` && !interaction) return next();

    if (ctx.method === 'GET' && ctx.path === ADD_PATH) {
      if (!validReturn(new URLSearchParams(ctx.querystring))) {
        ctx.status = 400;
        ctx.type = 'text';
        ctx.body = 'Bad request: client_id must be the app client and redirect_uri one of its callback URLs.';
        return undefined;
      }
      return addPage(ctx, new URLSearchParams(ctx.querystring));
    }
    if (ctx.method !== 'POST') return next();
    // A page of another origin may not post here with this browser's session.
    if (ctx.get('origin') !== rp.origin) return refuse(ctx, 403, 'Cross-origin request refused.');
    const body = await readBody(ctx.req, FORM_LIMIT);
    if (body === null) return refuse(ctx, 413, 'Request body too large.');
    const form = new URLSearchParams(body.toString('utf8'));

    if (interaction) {
      const [, uid, options] = interaction;
      ctx.set('Cache-Control', 'no-store');
      return options ? authenticationOptions(ctx, uid) : authenticate(ctx, uid, form);
    }
    if (ctx.path === `${ADD_PATH}/options`) return registrationOptions(ctx);
    if (!validReturn(form))
      return refuse(ctx, 400, 'client_id must be the app client and redirect_uri one of its URLs.');
    return register(ctx, form);
  };
}
