// The provider's accounts: the fixed ones its sign-in page names.
// With `testAccounts`, copies a Books test makes (`POST /test/accounts` {"like": "demo"}: a new sub, email and // example: books
// password, the same groups and books), so tests side by side against one provider never share books. // example: books
import { randomBytes, randomUUID } from 'node:crypto'; // example: books
import { readBody } from './read-body.mjs'; // example: books

const TEST_ACCOUNTS_PATH = '/test/accounts'; // example: books

export function createAccounts(fixed) {
  const bySub = new Map(fixed.map((account) => [account.sub, account]));
  const byEmail = new Map(fixed.map((account) => [account.email, account]));
  return {
    listed: fixed,
    bySub: (sub) => bySub.get(sub),
    byEmail: (email) => byEmail.get(email.toLowerCase()),
    // example: books {
    copyOf(template) {
      const sub = randomUUID();
      const [local, domain] = template.email.split('@');
      const account = Object.freeze({
        ...template,
        sub,
        email: `${local}+${sub.slice(0, 8)}@${domain}`,
        password: randomBytes(12).toString('base64url'),
      });
      bySub.set(sub, account);
      byEmail.set(account.email, account);
      return account;
    },
    // example: books }
  };
}

// example: books {
export function testAccounts(accounts, templates, { onCreated = async () => undefined } = {}) {
  return async (ctx, next) => {
    if (ctx.path !== TEST_ACCOUNTS_PATH) return next();
    const body = await readBody(ctx.req, 1024);
    ctx.set('Cache-Control', 'no-store');
    if (ctx.method !== 'POST') {
      ctx.set('Allow', 'POST');
      ctx.status = 405;
      return undefined;
    }
    let like;
    try {
      like = JSON.parse(body?.toString('utf8') ?? '').like;
    } catch {
      like = undefined;
    }
    if (typeof like !== 'string' || !Object.hasOwn(templates, like)) {
      ctx.status = 400;
      ctx.body = { error: `like must be one of ${Object.keys(templates).join(', ')}` };
      return undefined;
    }
    const account = accounts.copyOf(templates[like]);
    await onCreated(account);
    const { sub, email, password, name, groups } = account;
    ctx.status = 201;
    ctx.body = { sub, email, password, name, groups };
    return undefined;
  };
}
// example: books }
