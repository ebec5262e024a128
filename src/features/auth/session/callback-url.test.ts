import { describe, expect, it } from 'vitest';
import { currentPath, isSignInCallback, withoutCallbackParams } from './callback-url';
import { safeReturnPath } from './return-path';

const ORIGIN = 'https://app.example.com';
const url = (path: string) => new URL(path, ORIGIN);

describe('sign-in answers in the URL', () => {
  it('recognises a code or an error on the redirect URI only', () => {
    expect(isSignInCallback(url('/?code=a&state=b'))).toBe(true);
    expect(isSignInCallback(url('/?error=access_denied'))).toBe(true);
    // Not a real answer, but it is cleaned away and explained like one.
    expect(isSignInCallback(url('/?code=a'))).toBe(true);
    expect(isSignInCallback(url('/?state=b'))).toBe(false);
    expect(isSignInCallback(url('/settings?code=a&state=b'))).toBe(false);
    expect(isSignInCallback(url('/'))).toBe(false);
  });

  it("removes only the answer's parameters", () => {
    expect(withoutCallbackParams(url('/?code=a&state=b&iss=x&session_state=s'))).toBe('/');
    expect(withoutCallbackParams(url('/?error=access_denied&error_description=no&keep=1#top'))).toBe('/?keep=1#top');
    expect(currentPath({ pathname: '/settings', search: '?a=1', hash: '#b' })).toBe('/settings?a=1#b');
  });
});

describe('safeReturnPath', () => {
  it('keeps pages of this app and turns anything else into home', () => {
    expect(safeReturnPath('/settings?tab=1', ORIGIN)).toBe('/settings?tab=1');
    expect(safeReturnPath('//evil.example/x', ORIGIN)).toBe('/');
    expect(safeReturnPath('/\\evil.example', ORIGIN)).toBe('/');
    expect(safeReturnPath('https://evil.example/', ORIGIN)).toBe('/');
    expect(safeReturnPath(42, ORIGIN)).toBe('/');
  });
});
