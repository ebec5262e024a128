import { cookieJarFetch } from '../../scripts/local-provider/cookie-jar-fetch.ts';
import { DEMO_ACCOUNT } from '../../scripts/local-provider/oidc-provider.mjs';

/**
 * The browser's part of a sign-in at the local provider, over fetch: the authorize redirect, its sign-in form, the
 * way back. Resolves to the app's address the provider sends the answer to.
 */
export async function signInAtProvider(
  issuer: string,
  authorizeUrl: string,
  account: { email: string; password: string } = DEMO_ACCOUNT,
): Promise<string> {
  const send = cookieJarFetch();
  let url = authorizeUrl;
  for (let hops = 0; hops < 10 && url.startsWith(issuer); hops += 1) {
    let response = await send(url);
    if (response.status === 200) {
      const action = new URL(`${new URL(url).pathname}/login`, issuer).href;
      response = await send(action, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ email: account.email, password: account.password }),
      });
    }
    const location = response.headers.get('location');
    if (!location) throw new Error(`The provider answered ${response.status} at ${url} without sending the page on`);
    url = new URL(location, url).href;
  }
  return url;
}
