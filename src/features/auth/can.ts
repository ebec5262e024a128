import { groupsMay, type Permission } from '../../config/permissions';
import { auth } from './auth-model';

/** @public Whether the signed-in user holds the permission (through a group); nobody signed in holds none. Reading it
 * in a component re-renders that component when the user changes. */
export function can(permission: Permission): boolean {
  const { isAuthenticated, user } = auth().state.value;
  return isAuthenticated && user !== null && groupsMay(user.groups ?? [], permission);
}
