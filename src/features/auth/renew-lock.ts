/**
 * Runs `task` while holding a lock shared by every tab of the app (Web Locks API), so only one tab
 * renews the tokens at a time. Without the API (old browsers) the task simply runs.
 */
export function withLock<T>(name: string, task: () => Promise<T>, locks = globalThis.navigator?.locks): Promise<T> {
  return locks ? locks.request(name, task) : task();
}
