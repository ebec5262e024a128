import type { User } from 'oidc-client-ts';
import { vi } from 'vitest';

/** What connectSession wires on its UserManager besides the calls a test fakes; events raised as the library does. */
export function sessionWiring() {
  const listeners = { loaded: new Set<(user: User) => void>(), unloaded: new Set<() => void>() };
  const renewErrors = new Set<(error: Error) => void>();
  const add =
    <T>(set: Set<T>) =>
    (listener: T) => {
      set.add(listener);
      return () => void set.delete(listener);
    };
  return {
    events: {
      addUserLoaded: add(listeners.loaded),
      addUserUnloaded: add(listeners.unloaded),
      addSilentRenewError: add(renewErrors),
    },
    raise: {
      loaded: (user: User) => listeners.loaded.forEach((listener) => listener(user)),
      unloaded: () => listeners.unloaded.forEach((listener) => listener()),
      renewError: (error: Error) => renewErrors.forEach((listener) => listener(error)),
    },
    clearStaleState: vi.fn(async () => undefined),
  };
}
