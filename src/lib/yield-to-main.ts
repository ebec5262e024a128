interface Scheduler {
  yield?: () => Promise<void>;
}

/**
 * Ends the current task and resumes in a new one, so start-up work runs as several short tasks a
 * phone can fit input and paint between, not one long one. `scheduler.yield` resumes ahead of
 * other queued work where the browser has it; elsewhere a zero timeout does the job.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
