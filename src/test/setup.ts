import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// happy-dom's elements fail motion's `instanceof EventTarget`: route animations end at once in unit tests.
vi.mock('motion/mini', () => ({ animate: () => ({ finished: Promise.resolve(), stop: () => undefined }) }));
vi.mock('motion', () => ({ stagger: () => () => 0 }));

afterEach(() => {
  cleanup();
  globalThis.localStorage?.clear();
});
