import { UPDATE_CHECK_INTERVAL_MS } from '../../config/constants';
import { APP_POLICIES } from '../../config/trusted-types.mjs';
import { reportError, reportNotice } from '../../lib/notice-bus';
import { createPolicy, toSink } from '../../lib/trusted-types';
import { updateAvailableNotice } from './offline-notices';
import { warmCaches } from './warm-caches';
import { watchWorker, type WorkerContainer } from './watch-worker';

export const WORKER_URL = `${import.meta.env.BASE_URL}sw.js`;

export function onlyWorkerUrl(input: string): string {
  if (input !== WORKER_URL) throw new TypeError(`Not the app's service worker: ${JSON.stringify(input)}`);
  return input;
}

// register() is a Trusted Types sink for script URLs: this policy lets exactly one URL through.
const policy = createPolicy(APP_POLICIES.serviceWorker, { createScriptURL: onlyWorkerUrl });

export function startServiceWorker(
  container: WorkerContainer = navigator.serviceWorker,
  reload: () => void = () => window.location.reload(),
): () => void {
  return watchWorker({
    container,
    scriptUrl: toSink(policy ? policy.createScriptURL(WORKER_URL) : onlyWorkerUrl(WORKER_URL)),
    onUpdateReady: (apply) => reportNotice(updateAvailableNotice(apply)),
    onFirstControl: () => void warmCaches(),
    onError: (error) => reportError(error, 'Service worker'),
    reload,
    checkEveryMs: UPDATE_CHECK_INTERVAL_MS,
  });
}
