import { lazy, Suspense, useEffect, useState } from 'react';
import { runningSlot } from '../../lib/running-slot';
import { SHORTCUTS, typingIn } from './shortcuts';

const ShortcutsDialog = lazy(() =>
  import('./shortcuts-dialog').then((module) => ({ default: module.ShortcutsDialog })),
);

const opener = /* @__PURE__ */ runningSlot<() => void>('The keyboard shortcuts dialog');

export const openShortcuts = (): void => opener.peek()?.();

// A dialog or menu keeps its own keys: `?` there is its business (a menu's type-ahead, say).
const inOverlay = (target: EventTarget | null) =>
  target instanceof Element && target.closest('[role=dialog],[role=alertdialog],[role=menu]') !== null;

export function ShortcutsHost() {
  const [open, setOpen] = useState<boolean>();
  useEffect(() => opener.run(() => setOpen(true)), []);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!SHORTCUTS.shortcuts.matches(event) || typingIn(event.target) || inOverlay(event.target)) return;
      event.preventDefault();
      setOpen(true);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
  if (open === undefined) return null;
  return (
    <Suspense fallback={null}>
      <ShortcutsDialog open={open} onOpenChange={setOpen} />
    </Suspense>
  );
}
