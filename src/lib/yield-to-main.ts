interface Scheduler {
  yield?: () => Promise<void>;
}

// `scheduler.yield` resumes ahead of other queued work where the browser has it; elsewhere a zero timeout does.
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
