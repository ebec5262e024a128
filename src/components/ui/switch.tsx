import { useId, type ReactNode } from 'react';
import { descriptionIdOf, FieldRow } from './field-row';
import { Tooltip } from './tooltip';

interface SwitchFieldProps {
  label: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  description?: ReactNode;
  /** Unavailable, but focusable (aria-disabled), so keyboard and touch users reach the tooltip saying why. */
  disabledReason?: ReactNode;
}

const ROOT_CLASS =
  'group relative inline-flex h-7 w-12 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent bg-muted/70 transition-colors hover:brightness-95 data-[state=checked]:bg-primary data-disabled:cursor-not-allowed data-disabled:opacity-50 data-disabled:hover:brightness-100';
const THUMB_CLASS =
  'block size-6 rounded-full bg-white shadow-md ring-1 ring-black/10 transition-transform data-[state=checked]:translate-x-5 data-[state=checked]:bg-on-primary rtl:data-[state=checked]:-translate-x-5';
const stateOf = (checked: boolean) => (checked ? 'checked' : 'unchecked');

export function SwitchField({ label, checked, onCheckedChange, description, disabledReason }: SwitchFieldProps) {
  const id = useId();
  const disabled = disabledReason !== undefined;
  const describedBy = [description && descriptionIdOf(id), disabled && `${id}-reason`].filter(Boolean).join(' ');
  const control = (
    <button
      type="button"
      role="switch"
      id={id}
      aria-checked={checked}
      data-state={stateOf(checked)}
      data-disabled={disabled ? '' : undefined}
      // Description and reason are always in the page, so they win over the tooltip's own link.
      aria-describedby={describedBy || undefined}
      onClick={() => !disabled && onCheckedChange(!checked)}
      className={ROOT_CLASS}
      aria-disabled={disabled || undefined}
    >
      <span data-state={stateOf(checked)} className={THUMB_CLASS} />
    </button>
  );
  return (
    <FieldRow
      id={id}
      label={label}
      description={description}
      unavailable={disabled}
      after={
        disabled && (
          <span id={`${id}-reason`} className="sr-only">
            {disabledReason}
          </span>
        )
      }
    >
      {disabled ? <Tooltip content={disabledReason}>{control}</Tooltip> : control}
    </FieldRow>
  );
}
