import { vi } from 'vitest';

/** What connectSession wires on its UserManager besides the calls a test fakes. */
export const sessionWiring = () => ({
  events: { addSilentRenewError: vi.fn(), addUserLoaded: vi.fn(), addUserUnloaded: vi.fn() },
  clearStaleState: vi.fn(async () => undefined),
});
