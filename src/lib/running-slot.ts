import { signal } from '@preact/signals-react';

/** The one running instance of what startApp made; a signal, so readers follow a fresh one (each unit test's). */
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
    get(): T {
      const instance = running.value;
      if (instance === null) throw new Error(`${name} is not running: startApp() starts it`);
      return instance;
    },
    peek: (): T | null => running.peek(),
    current: (): T | null => running.value,
  };
}
