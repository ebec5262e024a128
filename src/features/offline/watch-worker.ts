export type WorkerContainer = Pick<
  ServiceWorkerContainer,
  'controller' | 'register' | 'addEventListener' | 'removeEventListener'
>;

export interface WatchOptions {
  container: WorkerContainer;
  scriptUrl: string;
  onUpdateReady: (apply: () => void) => void;
  onFirstControl?: () => void;
  onError: (error: unknown) => void;
  reload: () => void;
  checkEveryMs: number;
  doc?: Pick<Document, 'visibilityState' | 'addEventListener' | 'removeEventListener'>;
  network?: Pick<Navigator, 'onLine'>;
}

// A version is offered only behind a worker that controls this tab (never at first install); the tab reloads once, only
// after `apply`: a controller change nobody here asked for (another tab's Reload, a first claim) never reloads it.
export function watchWorker({
  container,
  scriptUrl,
  onUpdateReady,
  onFirstControl,
  onError,
  reload,
  checkEveryMs,
  doc = document,
  network = navigator,
}: WatchOptions): () => void {
  let registration: ServiceWorkerRegistration | null = null;
  let hadController = container.controller !== null;
  let stopped = false;
  let offered = false;
  let applying = false;
  let reloaded = false;
  let checking = false;

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
    if (!registration || stopped || checking || !network.onLine) return;
    checking = true;
    // The server down: the next check tries again.
    registration
      .update()
      .catch(() => undefined)
      .finally(() => (checking = false));
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
