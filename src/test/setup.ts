import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import './quick-query-retries';

// happy-dom's elements fail motion's `instanceof EventTarget`: route animations end at once in unit tests.
vi.mock('motion/mini', () => ({ animate: () => ({ finished: Promise.resolve(), stop: () => undefined }) }));
vi.mock('motion', () => ({ stagger: () => () => 0 }));

// findBy… and waitFor wait for what a user waits for; on a busy machine that can take longer than their default 1 s.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  globalThis.localStorage?.clear();
  // Test files share one window (vitest.config.ts): what a test leaves in the body or focused, the next would find.
  if (globalThis.document) {
    document.body.replaceChildren();
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
  }
});
