/**
 * The one door for failures and notices from anywhere in the app. The notifications model
 * connects itself as the reporter when the app starts; anything reported before that is logged
 * and replayed then.
 */
export type NoticeKind = 'default' | 'info' | 'success' | 'warning' | 'error';

/** What a user is told. Each feature keeps its own notices in its `notices.ts`. */
export interface Notice {
  kind: NoticeKind;
  /** A translation key; `defaultMessage` (English) shows until messages have loaded. */
  messageId: string;
  defaultMessage: string;
  /** A snack bar: the notice offers an action and stays until dismissed (unless `durationMs` says otherwise). */
  action?: NoticeAction;
  /** Milliseconds before it closes; 0 = until dismissed. Defaults to its kind's duration. */
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
