import { useId, type ReactNode } from 'react';

interface SelectFieldProps<V extends string> {
  label: ReactNode;
  value: V;
  options: readonly { value: V; label: string; lang?: string }[];
  onChange: (value: V) => void;
}

/** A labelled native select: keyboard, screen-reader and phone friendly without extra code. */
export function SelectField<V extends string>({ label, value, options, onChange }: SelectFieldProps<V>) {
  const id = useId();
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3">
      <label htmlFor={id} className="font-medium text-text">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value as V)}
        className="h-10 min-w-44 cursor-pointer rounded-lg border border-border bg-surface px-3 text-text hover:border-muted"
      >
        {options.map((option) => (
          <option key={option.value} value={option.value} lang={option.lang}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
