import { signal } from '@preact/signals-react';

/**
 * Where the app keeps the one running instance of something startApp made. A signal, so what reads it follows a
 * fresh instance (each unit test starts its own); `run` returns the stop that empties the slot and disposes it.
 */
export function runningSlot<T>(name: string) {
  const running = signal<T | null>(null);
  return {
    run(instance: T): () => void {
      running.value = instance;
      return () => {
        if (running.peek() === instance) running.value = null;
        (instance as Partial<Disposable>)[Symbol.dispose]?.();
      };
    },
    /** Throws before the app has started it: reading it that early is a bug to see, not a null to guard. */
    get(): T {
      const instance = running.value;
      if (instance === null) throw new Error(`${name} is not running: startApp() starts it`);
      return instance;
    },
    /** Null before the app has started it, without subscribing. */
    peek: (): T | null => running.peek(),
    /** Null before the app has started it. */
    current: (): T | null => running.value,
  };
}
