import { vi } from 'vitest';

/** Runs `action` with a Web Locks stub that records the names of the locks taken; returns them. */
export async function locksTakenBy(action: () => Promise<unknown>): Promise<string[]> {
  const held: string[] = [];
  const request = vi.fn((name: string, task: () => Promise<unknown>) => {
    held.push(name);
    return task();
  });
  vi.stubGlobal('navigator', { ...navigator, locks: { request } });
  try {
    await action();
  } finally {
    vi.unstubAllGlobals();
  }
  return held;
}
