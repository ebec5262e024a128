import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectReporter } from '../lib/report';
import { createAuthState } from './auth';
import { InvalidActionError } from './define-action';
import { createSettingsState } from './settings';

describe('actions', () => {
  let disconnect = () => {};
  afterEach(() => {
    disconnect();
    vi.doUnmock('../config/env');
    vi.resetModules();
  });
  const listen = () => {
    const reporter = { error: vi.fn(), notice: vi.fn() };
    disconnect = connectReporter(reporter);
    return reporter;
  };

  it.each([
    ['changeLanguage', 'xx'],
    ['changeTheme', 'PINK-THEME'],
    ['changeTheme', 'black-theme'],
    ['changeStickyHeader', 'yes'],
    ['changeHour', 24],
    ['changeHour', 1.5],
    ['changeNightTheme', null],
  ] as const)('%s(%j) is reported as an error and changes nothing', (action, payload) => {
    const reporter = listen();
    const settings = createSettingsState();
    const before = settings.state.value;
    const apply = settings[action] as (payload: unknown) => boolean;
    expect(apply(payload)).toBe(false);
    expect(settings.state.value).toBe(before);
    expect(reporter.error).toHaveBeenCalledTimes(1);
    const [error, context] = reporter.error.mock.calls[0]!;
    expect(error).toBeInstanceOf(InvalidActionError);
    expect(error).toMatchObject({ payload });
    expect(context).toBe('Invalid action');
  });

  it('an invalid login success keeps the user signed out', () => {
    const reporter = listen();
    const auth = createAuthState();
    expect(auth.loginSuccess({ sub: 'u1', access_token: 'secret' } as never)).toBe(false);
    expect(auth.state.value).toEqual({ isAuthenticated: false, user: null });
    expect(reporter.error).toHaveBeenCalledTimes(1);
  });

  it('a valid action applies and reports nothing', () => {
    const reporter = listen();
    const settings = createSettingsState();
    expect(settings.changeTheme('BLACK-THEME')).toBe(true);
    expect(settings.state.value.theme).toBe('BLACK-THEME');
    expect(reporter.error).not.toHaveBeenCalled();
  });

  it('in development builds logs every action with its name and payload', async () => {
    vi.resetModules();
    vi.doMock('../config/env', async (original) => ({
      env: { ...(await original<typeof import('../config/env')>()).env, production: false, test: false },
    }));
    const log = vi.spyOn(console, 'info').mockImplementation(() => {});
    const { createSettingsState: createFresh } = await import('./settings');
    createFresh().changeTheme('NATURE-THEME');
    expect(log).toHaveBeenCalledWith('[action] [Settings] Change Theme', 'NATURE-THEME');
  });

  it('in production and test builds logs nothing', () => {
    const log = vi.spyOn(console, 'info').mockImplementation(() => {});
    createSettingsState().changeTheme('NATURE-THEME');
    expect(log).not.toHaveBeenCalled();
  });
});
