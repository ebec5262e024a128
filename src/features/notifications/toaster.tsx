import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import * as RadixToast from '@radix-ui/react-toast';
import { formatCompiled } from '../../i18n/compile-plural';
import type { LoadedMessages } from '../../i18n/load-messages';
import type { NoticeKind } from '../../lib/notice-bus';
import type { ShownNotice } from './notifications-model';
import { CloseIcon } from '../../components/ui/svg-icons';

export type Translate = (messageId: string, defaultMessage: string) => string;

const KIND_CLASSES: Record<NoticeKind, string> = {
  default: 'bg-text text-background',
  info: 'bg-[#0b57d0] text-white',
  success: 'bg-[#1e6b34] text-white',
  warning: 'bg-[#7a4f01] text-white',
  error: 'bg-[#b3261e] text-white',
};

/** Radix closes itself after `duration`; it treats 0 as "use the default", so "until dismissed" is Infinity. */
const radixDuration = (toast: ShownNotice) => (toast.durationMs === 0 ? Infinity : toast.durationMs);

// Radix repeats each toast's text in a hidden live region: in a closed shadow root it is still read aloud, but is
// not a second match for queries by text.
function createAnnouncerRoot() {
  const host = document.createElement('div');
  host.dataset.toastAnnouncer = '';
  return { host, root: host.attachShadow({ mode: 'closed' }) };
}

const ACTIONS = 'a[href], button, input, select, textarea, [role="button"]';
const GAP_PX = 8;

const overlaps = (a: DOMRect, b: DOMRect) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom && b.width > 0;

// Never over the page's actions: room below the page's end, and what they would cover scrolls clear as they come.
function useRoomForNotices(viewport: RefObject<HTMLOListElement | null>, shown: number) {
  useLayoutEffect(() => {
    const stack = viewport.current;
    if (!stack) return undefined;
    const root = document.documentElement;
    const update = () => {
      const area = stack.getBoundingClientRect();
      const shownNow = stack.children.length > 0;
      root.style.setProperty('--snxt-notices-room', `${shownNow ? Math.ceil(window.innerHeight - area.top) : 0}px`);
      if (!shownNow) return;
      const covered = [...document.querySelectorAll(`main :is(${ACTIONS})`)]
        .map((action) => action.getBoundingClientRect())
        .filter((action) => overlaps(area, action));
      if (covered.length > 0)
        window.scrollBy({ top: Math.max(...covered.map((action) => action.bottom)) - area.top + GAP_PX });
    };
    update();
    const observer = new ResizeObserver(update);
    observer.observe(stack);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--snxt-notices-room');
    };
  }, [viewport, shown]);
}

interface ToasterProps {
  notices: readonly ShownNotice[];
  onDismiss: (id: number) => void;
  translate: Translate;
  /** The texts on screen, compiled: a notice with values (`{n} notes deleted.`) is formatted from them. */
  messages?: LoadedMessages | null;
}

function textOf(
  { messageId, defaultMessage, values }: ShownNotice,
  translate: Translate,
  messages?: LoadedMessages | null,
) {
  const compiled = values && messages?.compiled?.[messageId];
  if (!compiled) return translate(messageId, defaultMessage);
  return formatCompiled(messages.language, compiled, values);
}

export function Toaster({ notices, onDismiss, translate, messages }: ToasterProps) {
  const [announcer] = useState(createAnnouncerRoot);
  const viewport = useRef<HTMLOListElement>(null);
  useRoomForNotices(viewport, notices.length);
  useEffect(() => {
    document.body.append(announcer.host);
    return () => announcer.host.remove();
  }, [announcer]);
  return (
    <RadixToast.Provider
      swipeDirection="down"
      label={translate('snxt.notifications.label', 'Notification')}
      announcerContainer={announcer.root}
    >
      {notices.map((toast) => (
        <RadixToast.Root
          key={toast.id}
          type={toast.kind === 'error' ? 'foreground' : 'background'}
          duration={radixDuration(toast)}
          onOpenChange={(open) => !open && onDismiss(toast.id)}
          data-kind={toast.kind}
          className={`pointer-events-auto flex w-full max-w-md items-center gap-3 rounded-lg py-2 ps-4 pe-2 shadow-lg outline-offset-2 data-[swipe=move]:translate-y-(--radix-toast-swipe-move-y) motion-safe:animate-[toast-in_200ms_ease-out] ${KIND_CLASSES[toast.kind]}`}
        >
          <RadixToast.Description className="min-w-0 flex-1 py-1.5 text-sm leading-snug">
            {textOf(toast, translate, messages)}
          </RadixToast.Description>
          {toast.action && (
            <RadixToast.Action
              altText={translate(toast.action.labelId, toast.action.defaultLabel)}
              onClick={toast.action.run}
              className="shrink-0 rounded-full px-3 py-1.5 text-sm font-semibold uppercase underline-offset-4 hover:bg-current/15"
            >
              {translate(toast.action.labelId, toast.action.defaultLabel)}
            </RadixToast.Action>
          )}
          <RadixToast.Close
            aria-label={translate('snxt.notifications.dismiss', 'Dismiss')}
            className="inline-flex size-9 shrink-0 items-center justify-center rounded-full hover:bg-current/15"
          >
            <CloseIcon width={20} height={20} />
          </RadixToast.Close>
        </RadixToast.Root>
      ))}
      {/* A phone's full width; wider, the end corner, across from where a page's actions start. */}
      <RadixToast.Viewport
        ref={viewport}
        label={translate('snxt.notifications.region', 'Notifications ({hotkey})')}
        className="pointer-events-none fixed inset-x-0 bottom-0 z-50 m-0 flex list-none flex-col items-center gap-2 p-4 outline-none sm:start-auto sm:w-[min(26rem,50vw)] sm:items-end"
      />
    </RadixToast.Provider>
  );
}
