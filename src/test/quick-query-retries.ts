import { timeoutManager } from '@tanstack/react-query';

// The data kit retries a failed request once, after TanStack Query's wait of a second. Tests check that it retries and
// what shows meanwhile, not the length of the wait: the library's waits of a second or less are a turn of the loop.
const LONGEST_SKIPPED_MS = 1_000;

timeoutManager.setTimeoutProvider({
  setTimeout: (callback, delay) => setTimeout(callback, delay <= LONGEST_SKIPPED_MS ? 0 : delay),
  clearTimeout: (id) => clearTimeout(id),
  setInterval: (callback, delay) => setInterval(callback, delay),
  clearInterval: (id) => clearInterval(id),
});
