import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { useRef } from 'react';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  description: string;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** Where focus goes once it closes, when the control that opened it may be gone. */
  focusAfter?: () => HTMLElement | null | undefined;
}

const button = 'inline-flex h-10 items-center justify-center rounded-lg px-4 font-medium';

/** An alert dialog: focus starts on the safe choice (cancel); Escape cancels. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { open, title, description, confirmLabel, cancelLabel, onConfirm, onCancel, focusAfter } = props;
  const confirmed = useRef(false);
  return (
    <AlertDialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next && !confirmed.current) onCancel();
        confirmed.current = false;
      }}
    >
      <AlertDialog.Portal>
        {/* Not AlertDialog.Overlay: its scroll lock injects a <style> the CSP refuses. */}
        <div className="fixed inset-0 z-50 bg-black/50" />
        <AlertDialog.Content
          className="fixed inset-x-4 top-[20vh] z-50 mx-auto max-w-md rounded-2xl border border-border bg-surface p-6 text-text shadow-2xl"
          onCloseAutoFocus={(event) => {
            const target = focusAfter?.();
            if (!target) return;
            event.preventDefault();
            target.focus();
          }}
        >
          <AlertDialog.Title className="text-lg font-semibold break-words">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-muted">{description}</AlertDialog.Description>
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <AlertDialog.Cancel className={`${button} border border-border bg-surface hover:bg-surface-raised`}>
              {cancelLabel}
            </AlertDialog.Cancel>
            <AlertDialog.Action
              className={`${button} bg-primary text-on-primary hover:opacity-90`}
              onClick={() => {
                confirmed.current = true;
                onConfirm();
              }}
            >
              {confirmLabel}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
