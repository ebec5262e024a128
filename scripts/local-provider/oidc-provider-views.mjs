// The local provider's pages: self-contained, with inline CSS and nothing external; scripts only its own or hashed.
import { createHash } from 'node:crypto';

export function escapeHtml(value) {
  return String(value ?? '')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

const STYLE = `
  :root { color-scheme: light dark; --fg: #1b1f24; --muted: #57606a; --bg: #f6f8fa; --card: #fff;
    --border: #8c959f; --accent: #0b5cad; --accent-fg: #fff; --error: #b3261e; }
  @media (prefers-color-scheme: dark) {
    :root { --fg: #e6edf3; --muted: #9da7b3; --bg: #0d1117; --card: #161b22; --border: #6e7681;
      --accent: #4493f8; --accent-fg: #0d1117; --error: #ff8182; }
  }
  * { box-sizing: border-box; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; padding: 1.5rem;
    font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--fg); background: var(--bg); }
  main { width: 100%; max-width: 22rem; padding: 2rem; background: var(--card);
    border: 1px solid var(--border); border-radius: 0.75rem; }
  h1 { margin: 0 0 1.25rem; font-size: 1.5rem; }
  p { margin: 0 0 1rem; }
  label { display: block; margin: 0 0 0.25rem; font-weight: 600; }
  input { display: block; width: 100%; margin: 0 0 1rem; padding: 0.6rem 0.75rem; font: inherit; color: inherit;
    background: var(--card); border: 1px solid var(--border); border-radius: 0.5rem; }
  input[aria-invalid="true"] { border-color: var(--error); }
  button { width: 100%; padding: 0.65rem 1rem; font: inherit; font-weight: 600; color: var(--accent-fg);
    background: var(--accent); border: 0; border-radius: 0.5rem; cursor: pointer; }
  :focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
  .error { color: var(--error); font-weight: 600; }
  .hint { margin: 1.25rem 0 0; font-size: 0.875rem; color: var(--muted); }
  .hint code { font: inherit; white-space: nowrap; }
  .or { margin: 1.25rem 0 0.75rem; text-align: center; color: var(--muted); }
  button.secondary { color: var(--accent); background: transparent; border: 1px solid var(--accent); }
  a { color: var(--accent); }
  pre { white-space: pre-wrap; word-break: break-word; font-size: 0.875rem; }
`;

const SIGN_OUT_SCRIPT = 'document.forms[0].submit();';
const sha256 = (text) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** The pages' CSP: the form posts (and the redirects after them) may go to the provider and the apps' origins. */
export function pageSecurityPolicy(appOrigins) {
  return [
    "default-src 'none'",
    `script-src 'self' ${sha256(SIGN_OUT_SCRIPT)}`,
    `style-src ${sha256(STYLE)}`,
    'img-src data:',
    "connect-src 'self'",
    `form-action 'self' ${appOrigins.join(' ')}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');
}

export function layout({ title, body, head = '' }) {
  return `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="robots" content="noindex">
  <link rel="icon" href="data:,">
  <title>${escapeHtml(title)} · Snxt local identity provider</title>
  <style>${STYLE}</style>
  ${head}
</head>
<body>
  <main>
${body}
  </main>
</body>
</html>`;
}

export function signInPage({ action, email = '', error = false, passkeyError = false, accounts, passkey = null }) {
  const invalid = error ? ' aria-invalid="true" aria-describedby="signin-error"' : '';
  return layout({
    title: 'Sign in',
    head: passkey ? PASSKEY_SCRIPTS : '',
    body: `    <h1>Sign in</h1>
    ${error ? '<p id="signin-error" class="error" role="alert">Incorrect email or password.</p>' : ''}
    ${passkeyError ? '<p class="error" role="alert">That passkey could not sign you in.</p>' : ''}
    <form method="post" action="${escapeHtml(action)}" novalidate>
      <label for="email">Email</label>
      <input id="email" name="email" type="email" autocomplete="username" spellcheck="false"
        required value="${escapeHtml(email)}"${invalid}>
      <label for="password">Password</label>
      <input id="password" name="password" type="password" autocomplete="current-password" required${invalid}>
      <button type="submit">Sign in</button>
    </form>
    ${passkey ? passkeyForm({ ...passkey, kind: 'sign-in', label: 'Sign in with a passkey' }) : ''}
    <p class="hint">Local development identity provider. Accounts: ${accounts
      .map(
        (account) =>
          `<code>${escapeHtml(account.email)}</code> / <code>${escapeHtml(account.password)}</code> (${
            account.groups.length > 0 ? `groups: ${account.groups.map(escapeHtml).join(', ')}` : 'no group'
          })`,
      )
      .join('; ')}</p>`,
  });
}

// oidc-provider's logout confirmation form, sent at once with `logout=yes` (the whole provider session ends):
// Cognito asks for no confirmation either.
export function logoutPage(form) {
  const autoForm = form.replace(
    '</form>',
    '<input type="hidden" name="logout" value="yes"/><noscript><button type="submit">Sign out</button></noscript></form>',
  );
  return layout({
    title: 'Signing out',
    body: `    <h1>Signing out…</h1>
    ${autoForm}
    <script>${SIGN_OUT_SCRIPT}</script>`,
  });
}

export const PASSKEY_SCRIPTS =
  '<script src="/passkeys/simplewebauthn-browser.js" defer></script><script src="/passkeys/passkeys-page.js" defer></script>';

export function passkeyForm({ kind, optionsUrl, action, label, hidden = {} }) {
  const fields = Object.entries(hidden)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
  return `${kind === 'sign-in' ? '<p class="or">or</p>' : ''}
    <form method="post" action="${escapeHtml(action)}" data-passkey="${kind}" data-options="${escapeHtml(optionsUrl)}">
      ${fields}<input type="hidden" name="credential" value="">
      <button type="submit"${kind === 'sign-in' ? ' class="secondary"' : ''}>${escapeHtml(label)}</button>
    </form>
    <p class="error" role="alert" data-passkey-status></p>`;
}

export function signedOutPage() {
  return layout({
    title: 'Signed out',
    body: `    <h1>Signed out</h1>
    <p>You have been signed out. You can close this page.</p>`,
  });
}

export function errorPage(details) {
  const lines = Object.entries(details)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `<strong>${escapeHtml(key)}</strong>: ${escapeHtml(value)}`)
    .join('\n');
  return layout({
    title: 'Error',
    body: `    <h1>Something went wrong</h1>
    <pre>${lines}</pre>`,
  });
}
