import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as report from '../../lib/report';
import { auth } from '../../state/app-state';
import { startTestState } from '../../test/app-state';
import type { ConnectedSession } from './auth-session';
import { login, logout, setSessionLoader, startAuth, takePendingCallback } from './start-auth';
import { TEST_OIDC } from './test-oidc-env';

const OIDC = TEST_OIDC;
const SIGNED_IN = { isAuthenticated: true, user: { sub: 'user-1', name: 'Ada' } };

const at = (path: string) => new URL(path, 'https://app.example.com') as unknown as Location;

/** The app's state with `stored` as snxt-AUTH, and a fake session chunk. */
function setup(stored: unknown) {
  startTestState({ stored: { 'snxt-AUTH': stored } });
  const fake = fakeSession();
  setSessionLoader(fake.load);
  return fake;
}

function fakeSession() {
  const session = {
    login: vi.fn(async () => undefined),
    endSession: vi.fn(async () => undefined),
  };
  const connected = {
    session: session as unknown as ConnectedSession['session'],
    handleCallbackOnce: vi.fn(async () => '/settings'),
    reconcileOnce: vi.fn(async () => undefined),
  };
  return { session, connected, load: vi.fn(async () => connected as ConnectedSession) };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  takePendingCallback();
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

describe('startAuth', () => {
  it('does nothing without an authority', () => {
    const { load } = setup(SIGNED_IN);
    startAuth({ oidc: null, location: at('/?code=a&state=b') });
    expect(load).not.toHaveBeenCalled();
  });

  it('loads nothing for a signed-out visitor until Login, which remembers the page', async () => {
    const { load, session } = setup(null);
    startAuth({ oidc: OIDC, location: at('/settings?tab=1') });
    await flush();
    expect(load).not.toHaveBeenCalled();
    login(at('/settings?tab=1'));
    await flush();
    expect(session.login).toHaveBeenCalledWith('/settings?tab=1');
  });

  it('hands a sign-in answer to the session once and gives its result out once', async () => {
    const { connected } = setup(null);
    startAuth({ oidc: OIDC, location: at('/?code=a&state=b') });
    const pending = takePendingCallback();
    expect(takePendingCallback()).toBeNull();
    await expect(pending).resolves.toBe('/settings');
    expect(connected.handleCallbackOnce).toHaveBeenCalledWith('https://app.example.com/?code=a&state=b');
    expect(connected.reconcileOnce).not.toHaveBeenCalled();
  });

  it('checks a stored sign-in against the OIDC session', async () => {
    const { connected } = setup(SIGNED_IN);
    startAuth({ oidc: OIDC, location: at('/') });
    await flush();
    expect(connected.reconcileOnce).toHaveBeenCalledTimes(1);
  });

  it('ends the provider session after Logout', async () => {
    const { session } = setup(SIGNED_IN);
    startAuth({ oidc: OIDC, location: at('/') });
    logout();
    expect(auth.state.value.isAuthenticated).toBe(false);
    await flush();
    expect(session.endSession).toHaveBeenCalledTimes(1);
  });

  it('signs out with a notice and a clean URL when the sign-in code cannot load', async () => {
    const notices = vi.spyOn(report, 'reportNotice').mockImplementation(() => undefined);
    setup(SIGNED_IN);
    setSessionLoader(async (): Promise<ConnectedSession> => {
      throw new Error('Failed to fetch dynamically imported module');
    });
    startAuth({ oidc: OIDC, location: at('/?code=a&state=b&x=1') });
    await expect(takePendingCallback()).resolves.toBe('/?x=1');
    expect(auth.state.value.isAuthenticated).toBe(false);
    expect(notices).toHaveBeenCalledWith(expect.objectContaining({ messageId: 'snxt.auth.signInFailed' }));
  });
});
