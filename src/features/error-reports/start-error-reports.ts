import type { AnyRouter } from '@tanstack/react-router';
import { onErrorReported } from '../../lib/notice-bus';
import { afterFirstLoad, whenIdle } from '../../lib/idle';

// An effect that fails at start-up is reported 11 times; what follows it should still find room.
const KEPT_UNTIL_LOADED = 20;

export function startErrorReports(
  router: Pick<AnyRouter, 'subscribe' | 'state'>,
  url: string,
  load = () => import('./error-reports'),
): () => void {
  const early: [unknown, string?][] = [];
  let send: (error: unknown, context?: string) => void = (error, context) =>
    void (early.length < KEPT_UNTIL_LOADED && early.push([error, context]));
  const stop = onErrorReported((error, context) => send(error, context));
  afterFirstLoad(router, () =>
    whenIdle(() => {
      // A sender that cannot load is not reported: the report would come back to this listener.
      load().then(({ createErrorReports }) => {
        send = createErrorReports(url);
        early.splice(0).forEach(([error, context]) => send(error, context));
      }, stop);
    }),
  );
  return stop;
}
