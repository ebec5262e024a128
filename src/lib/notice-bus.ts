// The one door for failures and notices: what is reported before the notifications model connects is replayed then.
export type NoticeKind = 'default' | 'info' | 'success' | 'warning' | 'error';

export interface Notice {
  kind: NoticeKind;
  messageId: string;
  defaultMessage: string;
  action?: NoticeAction;
  /** The message's arguments (`{n} books deleted.`); `defaultMessage` is then the text in the language on screen. */
  values?: Record<string, string | number>;
  /** 0: until dismissed. */
  durationMs?: number;
}

interface NoticeAction {
  labelId: string;
  defaultLabel: string;
  run: () => void;
}

export interface Reporter {
  /** `logged`: the error was already written to the console (it was queued before the reporter). */
  error(error: unknown, context?: string, logged?: boolean): void;
  notice(notice: Notice): void;
}

type Pending = { type: 'error'; error: unknown; context?: string } | { type: 'notice'; notice: Notice };

let reporter: Reporter | null = null;
let pending: Pending[] = [];
type ErrorListener = (error: unknown, context?: string) => void;

let errorListener: ErrorListener | null = null;

export function reportError(error: unknown, context?: string): void {
  errorListener?.(error, context);
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

export function onErrorReported(listener: ErrorListener): () => void {
  errorListener = listener;
  return () => {
    if (errorListener === listener) errorListener = null;
  };
}

export function connectReporter(next: Reporter): () => void {
  reporter = next;
  const queued = pending;
  pending = [];
  for (const item of queued) {
    if (item.type === 'notice') next.notice(item.notice);
    else next.error(item.error, item.context, true);
  }
  return () => {
    if (reporter === next) reporter = null;
  };
}
