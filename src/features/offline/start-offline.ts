import type { AnyRouter } from '@tanstack/react-router';
import { env } from '../../config/env';
import { reportError } from '../../lib/notice-bus';
import { afterFirstLoad, whenIdle } from '../../lib/idle';

interface OfflineOptions {
  /** Browsers that block workers (insecure origins, some policies) have no `navigator.serviceWorker`. */
  enabled?: boolean;
  load?: () => Promise<typeof import('./service-worker')>;
}

export function startOffline(
  router: Pick<AnyRouter, 'subscribe' | 'state'>,
  {
    enabled = env.production && navigator.serviceWorker !== undefined,
    load = () => import('./service-worker'),
  }: OfflineOptions = {},
): () => void {
  if (!enabled) return () => {};
  let stopped = false;
  let stop = () => {};
  afterFirstLoad(router, () =>
    whenIdle(() => {
      load()
        .then((module) => {
          if (!stopped) stop = module.startServiceWorker();
        })
        .catch((error: unknown) => reportError(error, 'Service worker'));
    }),
  );
  return () => {
    stopped = true;
    stop();
  };
}
