import { useId, type ReactNode } from 'react';
import { descriptionIdOf, FieldRow } from './field-row';

interface SelectFieldProps<V extends string> {
  label: ReactNode;
  value: V;
  options: readonly { value: V; label: string; lang?: string }[];
  onChange: (value: V) => void;
  description?: ReactNode;
}

export function SelectField<V extends string>({ label, value, options, onChange, description }: SelectFieldProps<V>) {
  const id = useId();
  return (
    <FieldRow id={id} label={label} description={description} wraps>
      <select
        id={id}
        value={value}
        aria-describedby={description ? descriptionIdOf(id) : undefined}
        onChange={(event) => onChange(event.target.value as V)}
        className="h-10 w-44 shrink-0 sm:w-48 cursor-pointer rounded-lg border border-border bg-surface px-3 text-text shadow-sm transition-colors hover:border-muted"
      >
        {options.map((option) => (
          <option key={option.value} value={option.value} lang={option.lang}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldRow>
  );
}
