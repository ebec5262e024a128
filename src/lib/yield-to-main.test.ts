import { afterEach, describe, expect, it, vi } from 'vitest';
import { yieldToMain } from './yield-to-main';

afterEach(() => vi.unstubAllGlobals());

describe('yieldToMain', () => {
  it('resumes in a later task, after work already queued', async () => {
    const order: string[] = [];
    setTimeout(() => order.push('queued task'), 0);
    await yieldToMain();
    order.push('resumed');
    expect(order).toEqual(['queued task', 'resumed']);
  });

  it('uses scheduler.yield where the browser has it', async () => {
    const schedulerYield = vi.fn(() => Promise.resolve());
    vi.stubGlobal('scheduler', { yield: schedulerYield });
    await yieldToMain();
    expect(schedulerYield).toHaveBeenCalledOnce();
  });
});
