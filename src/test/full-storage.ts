import { vi } from 'vitest';

type Area = 'localStorage' | 'sessionStorage';

export function withSetItem(area: Area, setItem: (key: string, value: string) => void): void {
  const real = window[area];
  const storage = {
    getItem: (key: string) => real.getItem(key),
    setItem,
    removeItem: (key: string) => real.removeItem(key),
    key: (index: number) => real.key(index),
    clear: () => real.clear(),
    get length() {
      return real.length;
    },
  };
  vi.spyOn(window, area, 'get').mockReturnValue(storage as Storage);
}

export function fillStorage(area: Area): void {
  withSetItem(area, () => {
    throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
  });
}
