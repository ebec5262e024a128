import { reportError } from './notice-bus';

/** Browser noise that is not a failure of the app (a layout settled one frame later). */
const BENIGN_MESSAGES = [/^ResizeObserver loop/];

export const REJECTION_CONTEXT = 'Unhandled promise rejection';

// The browser's console message is suppressed: reportError logs the error itself.
export function installGlobalErrorHandlers(target: Window = window): () => void {
  const onError = (event: ErrorEvent) => {
    if (BENIGN_MESSAGES.some((pattern) => pattern.test(event.message))) return;
    event.preventDefault();
    reportError(event.error ?? new Error(event.message || 'Unknown error'), 'Uncaught error');
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    event.preventDefault();
    reportError(event.reason, REJECTION_CONTEXT);
  };
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}
