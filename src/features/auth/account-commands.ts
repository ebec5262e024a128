import { env } from '../../config/env';
import { auth } from './auth-model';
import type { CommandSource } from '../command-palette';
import { login, logout } from './sign-in';

export const accountCommands: CommandSource = ({ router }) => {
  if (!env.oidc) return [];
  if (!auth().state.value.isAuthenticated)
    return [{ id: 'account.login', group: 'account', labelKey: 'snxt.auth.login', run: login }];
  const run = () => {
    logout();
    void router.navigate({ to: '/' });
  };
  return [{ id: 'account.logout', group: 'account', labelKey: 'snxt.auth.logout', run }];
};
