import { timeoutManager } from '@tanstack/react-query';

// Tests check that the data kit retries once, not how long TanStack Query waits first (a second): those waits go.
const LONGEST_SKIPPED_MS = 1_000;

timeoutManager.setTimeoutProvider({
  setTimeout: (callback, delay) => setTimeout(callback, delay <= LONGEST_SKIPPED_MS ? 0 : delay),
  clearTimeout: (id) => clearTimeout(id),
  setInterval: (callback, delay) => setInterval(callback, delay),
  clearInterval: (id) => clearInterval(id),
});
