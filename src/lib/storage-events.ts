import type { AppStorage } from './storage';

type Target = Pick<Window, 'addEventListener' | 'removeEventListener'>;

/** `onChange(undefined)` when removed or cleared; text that is not JSON is ignored. A tab never hears its own writes. */
export function onOtherTabChange(
  storage: AppStorage,
  fullKey: string,
  onChange: (value: unknown) => void,
  // No window at all when the pages are prerendered: no other tabs either.
  target: Target | undefined = globalThis.window,
): () => void {
  if (!target) return () => undefined;
  const listener = (event: StorageEvent) => {
    if (!storage.isArea(event.storageArea) || (event.key !== null && event.key !== fullKey)) return;
    if (event.key === null || event.newValue === null) return onChange(undefined);
    try {
      onChange(JSON.parse(event.newValue));
    } catch {
      console.warn(`Ignoring a change of ${fullKey} from another tab: it is not valid JSON.`);
    }
  };
  target.addEventListener('storage', listener);
  return () => target.removeEventListener('storage', listener);
}
