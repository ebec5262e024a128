/** What the update watcher needs of `navigator.serviceWorker`; tests hand it a fake. */
export type WorkerContainer = Pick<
  ServiceWorkerContainer,
  'controller' | 'register' | 'addEventListener' | 'removeEventListener'
>;

export interface WatchOptions {
  container: WorkerContainer;
  /** The worker's URL as the register() sink takes it (a TrustedScriptURL where Trusted Types are enforced). */
  scriptUrl: string;
  /** A new version is installed and waiting; `apply` makes it take over and reloads the tab once. */
  onUpdateReady: (apply: () => void) => void;
  /** The tab has just come under a worker's control for the first time (first install). */
  onFirstControl?: () => void;
  onError: (error: unknown) => void;
  reload: () => void;
  /** How often to look for a new version while the tab is open. */
  checkEveryMs: number;
  doc?: Pick<Document, 'visibilityState' | 'addEventListener' | 'removeEventListener'>;
}

/**
 * Registers the worker and watches for new versions: on start, every `checkEveryMs` and whenever
 * the tab becomes visible. A version is offered only when it waits behind a worker that already
 * controls this tab (never on the first install). The tab reloads once, and only after `apply`:
 * a controller change nobody here asked for (another tab's Reload, the first install's claim)
 * never reloads it. Returns a function that stops watching.
 */
export function watchWorker({
  container,
  scriptUrl,
  onUpdateReady,
  onFirstControl,
  onError,
  reload,
  checkEveryMs,
  doc = document,
}: WatchOptions): () => void {
  let registration: ServiceWorkerRegistration | null = null;
  let hadController = container.controller !== null;
  let stopped = false;
  let offered = false;
  let applying = false;
  let reloaded = false;

  const reloadOnce = () => {
    if (reloaded) return;
    reloaded = true;
    reload();
  };
  const apply = () => {
    const waiting = registration?.waiting;
    // Another tab's Reload already made the new version take over: only this tab's page is old.
    if (!waiting) return reloadOnce();
    applying = true;
    waiting.postMessage({ type: 'SKIP_WAITING' });
  };
  const offer = () => {
    if (stopped || offered) return;
    offered = true;
    onUpdateReady(apply);
  };
  const offerIfWaiting = () => {
    if (registration?.waiting && container.controller) offer();
  };
  const onControllerChange = () => {
    if (stopped) return;
    if (applying) return reloadOnce();
    if (!hadController) {
      hadController = true;
      onFirstControl?.();
      return;
    }
    // Another tab moved the new version in: this page is older than its worker now.
    offer();
  };
  const watchInstall = (worker: ServiceWorker) => {
    const onStateChange = () => {
      if (worker.state === 'installed') offerIfWaiting();
    };
    worker.addEventListener('statechange', onStateChange);
  };
  const onUpdateFound = () => {
    if (registration?.installing) watchInstall(registration.installing);
  };
  const check = () => {
    if (!registration || stopped) return;
    // Offline, or the server is down: the next check tries again.
    registration.update().catch(() => undefined);
  };
  const onVisibilityChange = () => {
    if (doc.visibilityState === 'visible') check();
  };

  container.addEventListener('controllerchange', onControllerChange);
  doc.addEventListener('visibilitychange', onVisibilityChange);
  const timer = setInterval(check, checkEveryMs);
  container
    .register(scriptUrl, { scope: '/' })
    .then((registered: ServiceWorkerRegistration | undefined) => {
      // Blocked registration (Playwright's `serviceWorkers: 'block'` resolves with nothing): nothing to watch.
      if (stopped || !registered) return;
      registration = registered;
      registered.addEventListener('updatefound', onUpdateFound);
      if (registered.installing) watchInstall(registered.installing);
      offerIfWaiting();
    })
    .catch(onError);

  return () => {
    stopped = true;
    clearInterval(timer);
    container.removeEventListener('controllerchange', onControllerChange);
    doc.removeEventListener('visibilitychange', onVisibilityChange);
    registration?.removeEventListener('updatefound', onUpdateFound);
  };
}
