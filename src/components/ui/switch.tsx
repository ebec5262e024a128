import * as RadixSwitch from '@radix-ui/react-switch';
import { useId, type ReactNode } from 'react';
import { useHydrated } from '../../lib/use-hydrated';
import { descriptionIdOf, FieldRow } from './field-row';
import { Tooltip } from './tooltip';

interface SwitchFieldProps {
  label: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  description?: ReactNode;
  /**
   * Makes the switch unavailable and says why in a tooltip. It stays focusable (aria-disabled
   * rather than disabled) so keyboard and touch users can reach the explanation.
   */
  disabledReason?: ReactNode;
}

const ROOT_CLASS =
  'group relative inline-flex h-7 w-12 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent bg-muted/70 transition-colors hover:brightness-95 data-[state=checked]:bg-primary aria-disabled:cursor-not-allowed aria-disabled:opacity-50 aria-disabled:hover:brightness-100';
const THUMB_CLASS =
  'block size-6 rounded-full bg-white shadow-md ring-1 ring-black/10 transition-transform data-[state=checked]:translate-x-5 data-[state=checked]:bg-on-primary rtl:data-[state=checked]:-translate-x-5';
const stateOf = (checked: boolean) => (checked ? 'checked' : 'unchecked');

/** A labelled on/off control (`role="switch"`); the label is its accessible name. */
export function SwitchField({ label, checked, onCheckedChange, description, disabledReason }: SwitchFieldProps) {
  const id = useId();
  const disabled = disabledReason !== undefined;
  const describedBy = [description && descriptionIdOf(id), disabled && `${id}-reason`].filter(Boolean).join(' ');
  const hydrated = useHydrated();
  const common = {
    id,
    'aria-disabled': disabled || undefined,
    // Description and reason are always in the page, so they win over the tooltip's own link.
    'aria-describedby': describedBy || undefined,
    className: ROOT_CLASS,
  };
  const control = hydrated ? (
    <RadixSwitch.Root {...common} checked={checked} onCheckedChange={(next) => !disabled && onCheckedChange(next)}>
      <RadixSwitch.Thumb className={THUMB_CLASS} />
    </RadixSwitch.Root>
  ) : (
    // Radix's markup without its hidden form input, whose inline style a prerendered page may not
    // carry (style-src); the Radix switch takes over right after hydration.
    <button type="button" role="switch" aria-checked={checked} data-state={stateOf(checked)} value="on" {...common}>
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
