/**
 * One place where failures and notices from anywhere in the app are reported. The app connects
 * a reporter (toasts) once it is up; anything reported before that is logged and replayed then.
 */
export type NoticeKind = 'info' | 'success' | 'warning' | 'error';

export interface Notice {
  kind: NoticeKind;
  /** A translation key; the English text is the fallback when messages are not loaded. */
  messageId: string;
  defaultMessage: string;
}

export interface Reporter {
  /** `logged`: the error was already written to the console (it was queued before the reporter). */
  error(error: unknown, context?: string, logged?: boolean): void;
  notice(notice: Notice): void;
}

type Pending = { type: 'error'; error: unknown; context?: string } | { type: 'notice'; notice: Notice };

let reporter: Reporter | null = null;
let pending: Pending[] = [];

export function reportError(error: unknown, context?: string): void {
  if (reporter) reporter.error(error, context);
  else {
    console.error(context ? `${context}:` : 'Error:', error);
    pending.push({ type: 'error', error, context });
  }
}

export function reportNotice(notice: Notice): void {
  if (reporter) reporter.notice(notice);
  else pending.push({ type: 'notice', notice });
}

/** Connects the reporter and replays what came before it; returns a disconnect function. */
export function connectReporter(next: Reporter, { replayErrorsLogged = true } = {}): () => void {
  reporter = next;
  const queued = pending;
  pending = [];
  for (const item of queued) {
    if (item.type === 'notice') next.notice(item.notice);
    // Errors were already logged when they happened; the reporter only needs to show them.
    else if (replayErrorsLogged) next.error(item.error, item.context, true);
  }
  return () => {
    if (reporter === next) reporter = null;
  };
}
