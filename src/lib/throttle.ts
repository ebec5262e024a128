/** Calls `fn` at most once per `waitMs`, always with the latest arguments (trailing call kept). */
export function throttle<Args extends unknown[]>(fn: (...args: Args) => void, waitMs: number) {
  let last = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let lastArgs: Args | null = null;
  const run = () => {
    last = Date.now();
    timer = null;
    if (lastArgs) fn(...lastArgs);
    lastArgs = null;
  };
  const throttled = (...args: Args) => {
    lastArgs = args;
    const remaining = waitMs - (Date.now() - last);
    if (remaining <= 0) run();
    else timer ??= setTimeout(run, remaining);
  };
  throttled.cancel = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    lastArgs = null;
  };
  return throttled;
}
