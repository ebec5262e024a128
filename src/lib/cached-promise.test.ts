import { describe, expect, it, vi } from 'vitest';
import { cachedPromise, cachedPromiseByKey } from './cached-promise';

describe('cachedPromise', () => {
  it('loads once for every caller', async () => {
    const load = vi.fn(async () => 'chunk');
    const get = cachedPromise(load);
    const [a, b] = await Promise.all([get(), get()]);
    expect(await get()).toBe('chunk');
    expect([a, b]).toEqual(['chunk', 'chunk']);
    expect(load).toHaveBeenCalledOnce();
  });

  it('forgets a failed load, so the next call tries again', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce('chunk');
    const get = cachedPromise(load);
    await expect(get()).rejects.toThrow('offline');
    expect(await get()).toBe('chunk');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('keeps one promise per key', async () => {
    const load = vi.fn(async (key: string) => key.toUpperCase());
    const get = cachedPromiseByKey(load);
    expect(await Promise.all([get('en'), get('de'), get('en')])).toEqual(['EN', 'DE', 'EN']);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
