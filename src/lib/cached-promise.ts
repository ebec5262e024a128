/** One promise for every caller; a failed load is forgotten, so the next call tries again. */
export function cachedPromise<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () => {
    if (!pending) {
      const attempt = load();
      pending = attempt;
      attempt.catch(() => {
        if (pending === attempt) pending = null;
      });
    }
    return pending;
  };
}

export function cachedPromiseByKey<K, T>(load: (key: K) => Promise<T>): (key: K) => Promise<T> {
  const pending = new Map<K, () => Promise<T>>();
  return (key) => {
    let get = pending.get(key);
    if (!get) {
      get = cachedPromise(() => load(key));
      pending.set(key, get);
    }
    return get();
  };
}
