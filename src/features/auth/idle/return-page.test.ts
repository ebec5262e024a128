import { afterEach, describe, expect, it } from 'vitest';
import { keepReturnPage, signInAfterIdleSignOut } from './return-page';

const ORIGIN = 'https://app.example';

afterEach(() => sessionStorage.clear());

describe('the page kept over an idle sign-out', () => {
  it('is where Login returns from the home page, once', () => {
    keepReturnPage('/profile?tab=groups#top');
    const signIn = signInAfterIdleSignOut(ORIGIN);
    expect(signIn.automatic).toBe(false);
    expect(signIn.returnTo('/')).toBe('/profile?tab=groups#top');
    expect(signIn.returnTo('/')).toBe('/');
  });

  it('gives way to a page the visitor chose since: Login returns where it was pressed', () => {
    keepReturnPage('/profile');
    const signIn = signInAfterIdleSignOut(ORIGIN);
    expect(signIn.returnTo('/settings')).toBe('/settings');
    expect(signIn.returnTo('/')).toBe('/');
  });

  it('changes nothing without one', () => {
    const signIn = signInAfterIdleSignOut(ORIGIN);
    expect(signIn.automatic).toBe(true);
    expect(signIn.returnTo('/')).toBe('/');
  });

  it.each([
    '//evil.example/',
    '/\\evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    '/.//evil.example',
    '/?code=stolen&state=x',
  ])('never leads off the app or into a sign-in answer: %j', (planted) => {
    sessionStorage.setItem('snxt:auth-return', planted);
    const back = signInAfterIdleSignOut(ORIGIN).returnTo('/');
    expect(new URL(back, ORIGIN).origin).toBe(ORIGIN);
    expect(back).not.toMatch(/^\/[/\\]|code=|state=/);
  });

  it('is simply not kept when this tab cannot store it', () => {
    const blocked = Object.getOwnPropertyDescriptor(window, 'sessionStorage');
    Object.defineProperty(window, 'sessionStorage', {
      configurable: true,
      get: () => {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    });
    try {
      keepReturnPage('/profile');
      expect(signInAfterIdleSignOut(ORIGIN).returnTo('/')).toBe('/');
    } finally {
      Object.defineProperty(window, 'sessionStorage', blocked!);
    }
  });
});
