import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { watchWorker, type WorkerContainer } from './watch-worker';

/** A worker whose state the test moves along. */
class FakeWorker extends EventTarget {
  state: ServiceWorkerState = 'installing';
  readonly postMessage = vi.fn();
  moveTo(state: ServiceWorkerState) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

class FakeRegistration extends EventTarget {
  installing: FakeWorker | null = null;
  waiting: FakeWorker | null = null;
  readonly update = vi.fn(() => Promise.resolve());
  /** A new version starts installing, as after update() found one. */
  found(): FakeWorker {
    this.installing = new FakeWorker();
    this.dispatchEvent(new Event('updatefound'));
    return this.installing;
  }
  /** It finished installing and waits behind the current worker. */
  installed(worker: FakeWorker) {
    this.installing = null;
    this.waiting = worker;
    worker.moveTo('installed');
  }
}

class FakeContainer extends EventTarget {
  controller: object | null;
  readonly registration = new FakeRegistration();
  readonly register = vi.fn(() => Promise.resolve(this.registration as unknown as ServiceWorkerRegistration));
  constructor(controlled: boolean) {
    super();
    this.controller = controlled ? {} : null;
  }
  /** A worker took over the tab (clients.claim() or skipWaiting after a Reload somewhere). */
  changeController() {
    this.controller = {};
    this.dispatchEvent(new Event('controllerchange'));
  }
}

const HOUR = 60 * 60 * 1000;

function start(controlled: boolean, prepare: (container: FakeContainer) => void = () => {}) {
  const container = new FakeContainer(controlled);
  prepare(container);
  const doc = Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState });
  const network = { onLine: true };
  const onUpdateReady = vi.fn<(apply: () => void) => void>();
  const onFirstControl = vi.fn();
  const onError = vi.fn();
  const reload = vi.fn();
  const stop = watchWorker({
    container: container as unknown as WorkerContainer,
    scriptUrl: '/sw.js',
    onUpdateReady,
    onFirstControl,
    onError,
    reload,
    checkEveryMs: HOUR,
    doc,
    network,
  });
  const apply = () => onUpdateReady.mock.calls[0]![0]();
  const returnToTab = () => {
    doc.visibilityState = 'hidden';
    doc.dispatchEvent(new Event('visibilitychange'));
    doc.visibilityState = 'visible';
    doc.dispatchEvent(new Event('visibilitychange'));
  };
  return {
    container,
    registration: container.registration,
    doc,
    network,
    returnToTab,
    onUpdateReady,
    onFirstControl,
    onError,
    reload,
    stop,
    apply,
  };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('watchWorker', () => {
  it('registers the given URL for the whole site', async () => {
    const { container } = start(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(container.register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
  });

  it('first install: no prompt and no reload when the new worker claims the tab; the caches are warmed once', async () => {
    const { container, registration, onUpdateReady, onFirstControl, reload } = start(false);
    await vi.advanceTimersByTimeAsync(0);
    const worker = registration.found();
    registration.installing = null;
    worker.moveTo('installed');
    worker.moveTo('activated');
    container.changeController();
    expect(onUpdateReady).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
    expect(onFirstControl).toHaveBeenCalledTimes(1);
  });

  it('a new version waiting behind the controlling worker is offered once', async () => {
    const { registration, onUpdateReady, onFirstControl } = start(true);
    await vi.advanceTimersByTimeAsync(0);
    registration.installed(registration.found());
    // The same worker seen again (another check, another statechange) is not offered twice.
    registration.waiting!.moveTo('installed');
    expect(onUpdateReady).toHaveBeenCalledTimes(1);
    expect(onFirstControl).not.toHaveBeenCalled();
  });

  it('a version already waiting when the tab opens is offered', async () => {
    const { registration, onUpdateReady } = start(true);
    registration.waiting = new FakeWorker();
    registration.waiting.state = 'installed';
    await vi.advanceTimersByTimeAsync(0);
    expect(onUpdateReady).toHaveBeenCalledTimes(1);
  });

  it('a waiting worker without a controller (a hard reload) is not offered', async () => {
    const { registration, onUpdateReady } = start(false);
    registration.waiting = new FakeWorker();
    await vi.advanceTimersByTimeAsync(0);
    expect(onUpdateReady).not.toHaveBeenCalled();
  });

  it('Reload asks the waiting worker to take over, then reloads exactly once', async () => {
    const { container, registration, reload, apply } = start(true);
    await vi.advanceTimersByTimeAsync(0);
    const worker = registration.found();
    registration.installed(worker);
    apply();
    expect(worker.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
    expect(reload).not.toHaveBeenCalled();
    container.changeController();
    container.changeController();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('a controller change nobody here asked for (another tab’s Reload) does not reload; it offers the update', async () => {
    const { container, onUpdateReady, reload, apply } = start(true);
    await vi.advanceTimersByTimeAsync(0);
    container.changeController();
    expect(reload).not.toHaveBeenCalled();
    expect(onUpdateReady).toHaveBeenCalledTimes(1);
    // Nothing waits any more: Reload reloads the page, once.
    apply();
    apply();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('looks for a new version every hour and when the tab becomes visible, until stopped', async () => {
    const { registration, doc, stop } = start(true);
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(HOUR);
    expect(registration.update).toHaveBeenCalledTimes(1);
    doc.visibilityState = 'hidden';
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(registration.update).toHaveBeenCalledTimes(1);
    doc.visibilityState = 'visible';
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(registration.update).toHaveBeenCalledTimes(2);

    stop();
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(3 * HOUR);
    doc.dispatchEvent(new Event('visibilitychange'));
    registration.installed(registration.found());
    expect(registration.update).toHaveBeenCalledTimes(2);
  });

  it('a version found on return to the tab is offered as the same snack bar', async () => {
    const { registration, onUpdateReady, returnToTab } = start(true);
    await vi.advanceTimersByTimeAsync(0);
    registration.update.mockImplementationOnce(async () => registration.installed(registration.found()));
    returnToTab();
    await vi.advanceTimersByTimeAsync(0);
    expect(onUpdateReady).toHaveBeenCalledTimes(1);
  });

  it('checks once at a time: returns to the tab and the hour while a check is on its way start none', async () => {
    const { registration, returnToTab } = start(true);
    await vi.advanceTimersByTimeAsync(0);
    let finish = () => {};
    registration.update.mockImplementationOnce(() => new Promise<void>((resolve) => (finish = resolve)));
    returnToTab();
    returnToTab();
    await vi.advanceTimersByTimeAsync(HOUR);
    returnToTab();
    expect(registration.update).toHaveBeenCalledTimes(1);
    finish();
    await vi.advanceTimersByTimeAsync(0);
    returnToTab();
    expect(registration.update).toHaveBeenCalledTimes(2);
  });

  it('a check that failed (the server down) lets the next one run', async () => {
    const { registration, returnToTab } = start(true);
    await vi.advanceTimersByTimeAsync(0);
    registration.update.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    returnToTab();
    await vi.advanceTimersByTimeAsync(0);
    returnToTab();
    expect(registration.update).toHaveBeenCalledTimes(2);
  });

  it('checks nothing while offline, on return or on the hour; back online, the next return checks', async () => {
    const { registration, network, returnToTab } = start(true);
    await vi.advanceTimersByTimeAsync(0);
    network.onLine = false;
    returnToTab();
    await vi.advanceTimersByTimeAsync(3 * HOUR);
    expect(registration.update).not.toHaveBeenCalled();
    network.onLine = true;
    returnToTab();
    expect(registration.update).toHaveBeenCalledTimes(1);
  });

  it('after stop, nothing is offered and nothing reloads', async () => {
    const { container, registration, onUpdateReady, reload, stop } = start(true);
    await vi.advanceTimersByTimeAsync(0);
    stop();
    registration.installed(registration.found());
    container.changeController();
    expect(onUpdateReady).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
  });

  it('a failed update check (offline) is swallowed and the next one still runs', async () => {
    const { registration } = start(true);
    registration.update.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(2 * HOUR);
    expect(registration.update).toHaveBeenCalledTimes(2);
  });

  it('a registration that resolves with nothing (blocked) is left alone, without an error', async () => {
    const { onError, onUpdateReady } = start(true, (container) =>
      container.register.mockResolvedValueOnce(undefined as unknown as ServiceWorkerRegistration),
    );
    await vi.advanceTimersByTimeAsync(2 * HOUR);
    expect(onError).not.toHaveBeenCalled();
    expect(onUpdateReady).not.toHaveBeenCalled();
  });

  it('a refused registration is reported', async () => {
    const error = new TypeError('refused');
    const { onError } = start(false, (container) => container.register.mockRejectedValueOnce(error));
    await vi.advanceTimersByTimeAsync(0);
    expect(onError).toHaveBeenCalledWith(error);
  });
});
