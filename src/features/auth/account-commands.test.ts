import { beforeEach, describe, expect, it, vi } from 'vitest';
import { auth } from './auth-model';
import { createTestRouter } from '../../test/render-app';
import { startTestState } from '../../test/test-state';
import { accountCommands } from './account-commands';
import { login, logout } from './sign-in';

const oidc = vi.hoisted(() => ({ current: {} as unknown }));
vi.mock('../../config/env', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../config/env')>();
  return {
    ...original,
    env: new Proxy(original.env, { get: (target, key) => (key === 'oidc' ? oidc.current : Reflect.get(target, key)) }),
  };
});
vi.mock('./sign-in', () => ({ login: vi.fn(), logout: vi.fn() }));

const router = createTestRouter();
const commands = () => accountCommands({ router });

describe('accountCommands', () => {
  beforeEach(() => {
    startTestState();
    oidc.current = {};
  });

  it('offers Login to a signed-out visitor', () => {
    expect(commands()).toMatchObject([{ group: 'account', labelKey: 'snxt.auth.login' }]);
    commands()[0]!.run();
    expect(login).toHaveBeenCalledOnce();
  });

  it('offers Logout to a signed-in user, which signs out and goes home', () => {
    auth().loginSuccess({ sub: 'user-1' });
    const navigate = vi.spyOn(router, 'navigate').mockResolvedValue(undefined);
    expect(commands()).toMatchObject([{ group: 'account', labelKey: 'snxt.auth.logout' }]);
    commands()[0]!.run();
    expect(logout).toHaveBeenCalledOnce();
    expect(navigate).toHaveBeenCalledWith({ to: '/' });
  });

  it('offers nothing in a build without sign-in', () => {
    oidc.current = null;
    expect(commands()).toEqual([]);
  });
});
