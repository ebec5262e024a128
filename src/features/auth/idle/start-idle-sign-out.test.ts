import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { captureReports } from '../../../test/capture-reports';
import { otherTabWrites } from '../../../test/other-tab';
import { startTestState } from '../../../test/test-state';
import { auth } from '../auth-model';
import { AUTH_NOTICES, takeCarriedNotices } from '../auth-notices';
import { IDLE_NOTICES } from './idle-notices';
import { runSignIn } from '../sign-in';
import type { SignInModel } from '../sign-in-model';
import { runningIdle } from './idle-model';
import { signInAfterIdleSignOut } from './return-page';
import { startIdleSignOut } from './start-idle-sign-out';

const MINUTE = 60_000;
const START = Date.UTC(2026, 10, 27, 9, 0, 0);
const USER = { sub: 'user-1', email: 'ada@example.com' };
const ORIGIN = window.location.origin;

let logout: ReturnType<typeof vi.fn>;
let reports: ReturnType<typeof captureReports>;

function startApp(signedIn: boolean, idle: unknown = { activeAt: START }) {
  const storage = startTestState({
    stored: {
      ...(signedIn ? { 'snxt-AUTH': { isAuthenticated: true, user: USER } } : {}),
      ...(idle ? { 'snxt-IDLE': idle } : {}),
    },
  });
  logout = vi.fn(() => auth().logout());
  onTestFinished(runSignIn({ logout } as unknown as SignInModel));
  onTestFinished(startIdleSignOut(3));
  reports = captureReports();
  return storage;
}

beforeEach(() => {
  vi.useFakeTimers({ now: START });
  window.history.replaceState(null, '', '/settings?tab=1#top');
});
afterEach(() => {
  vi.useRealTimers();
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe('the idle sign-out while someone is signed in', () => {
  it('runs only while signed in', () => {
    startApp(false);
    expect(runningIdle()).toBeNull();
    auth().loginSuccess(USER);
    expect(runningIdle()).not.toBeNull();
    auth().logout();
    expect(runningIdle()).toBeNull();
  });

  it('keeps the stored clock for a session found at start, and starts it afresh at a sign-in', async () => {
    const storage = startApp(true, { activeAt: START - 2 * MINUTE });
    await vi.advanceTimersByTimeAsync(0);
    expect(logout).not.toHaveBeenCalled();
    expect(runningIdle()?.deadline.value).toBe(START + MINUTE);
    auth().logout();
    auth().loginSuccess(USER);
    expect(JSON.parse(storage.getItem('snxt-IDLE')!)).toEqual({ activeAt: START });
  });

  it('at the limit signs out as Logout does, keeping the notice and the page for the way back', async () => {
    startApp(true);
    await vi.advanceTimersByTimeAsync(3 * MINUTE);
    expect(logout).toHaveBeenCalledOnce();
    expect(auth().state.value.isAuthenticated).toBe(false);
    // This build's list of notices that may be carried, with the idle one.
    expect(takeCarriedNotices(sessionStorage, { ...AUTH_NOTICES, ...IDLE_NOTICES })).toEqual([
      IDLE_NOTICES.signedOutInactive,
    ]);
    expect(reports.notice).not.toHaveBeenCalled();
    // Back from the provider at `/`: Login there returns to the page.
    const signIn = signInAfterIdleSignOut(ORIGIN);
    expect(signIn.automatic).toBe(false);
    expect(signIn.returnTo('/')).toBe('/settings?tab=1#top');
    expect(signInAfterIdleSignOut(ORIGIN).automatic).toBe(true);
  });

  it('follows another tab that signed every tab out: signed out here too, with the notice, no second round trip', async () => {
    const storage = startApp(true);
    await vi.advanceTimersByTimeAsync(2 * MINUTE);
    otherTabWrites(storage, 'snxt-IDLE', JSON.stringify({ activeAt: START, endedAt: Date.now() }));
    expect(auth().state.value.isAuthenticated).toBe(false);
    expect(logout).not.toHaveBeenCalled();
    expect(reports.notice).toHaveBeenCalledWith(IDLE_NOTICES.signedOutInactive);
    expect(signInAfterIdleSignOut(ORIGIN).returnTo('/')).toBe('/settings?tab=1#top');
  });

  it('forgets the page at the next sign-in', async () => {
    startApp(true);
    await vi.advanceTimersByTimeAsync(3 * MINUTE);
    auth().loginSuccess(USER);
    expect(signInAfterIdleSignOut(ORIGIN).returnTo('/')).toBe('/');
  });
});
