/** A Web Lock shared by the app's tabs; without Web Locks the task simply runs. */
export function withLock<T>(name: string, task: () => Promise<T>, locks = globalThis.navigator?.locks): Promise<T> {
  return locks ? locks.request(name, task) : task();
}
