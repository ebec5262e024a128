import * as Dialog from '@radix-ui/react-dialog';
import { useRef, type ReactNode } from 'react';

interface ModalDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  className: string;
  /** Runs once focus is back where it was before the dialog opened (a palette command runs from there). */
  onClosed?: () => void;
  children: ReactNode;
}

/** A modal Radix dialog over a dimmed page that gives focus back to where it was when it closes. */
export function ModalDialog({ open, onOpenChange, className, onClosed, children }: ModalDialogProps) {
  const returnTo = useRef<Element | null>(null);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        {/* Not Dialog.Overlay: its scroll lock injects a <style> the CSP refuses. */}
        <div className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content
          aria-modal="true"
          aria-describedby={undefined}
          onOpenAutoFocus={() => (returnTo.current = document.activeElement)}
          onCloseAutoFocus={(event) => {
            // StrictMode's second effect run unmounts the focus scope once while open.
            if (open) return;
            event.preventDefault();
            if (returnTo.current instanceof HTMLElement) returnTo.current.focus();
            onClosed?.();
          }}
          className={className}
        >
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
