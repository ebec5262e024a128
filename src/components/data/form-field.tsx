import type { UseFormRegisterReturn } from 'react-hook-form';
import { ERROR_BORDER, ERROR_TEXT } from './error-summary';

export interface FormFieldProps {
  id: string;
  label: string;
  /** The message beneath the field, which marks it invalid and describes it. */
  error?: string;
  registration: UseFormRegisterReturn;
  multiline?: boolean;
  numeric?: boolean;
  className?: string;
}

const input = 'block w-full rounded-lg border bg-surface px-3 py-2 text-text shadow-sm transition-colors';

/** A labelled text field; invalid, it says why beneath it (`aria-describedby`) and stays red under the pointer. */
export function FormField({
  id,
  label,
  error,
  registration,
  multiline = false,
  numeric,
  className = '',
}: FormFieldProps) {
  const messageId = `${id}-error`;
  const shared = {
    id,
    ...registration,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? messageId : undefined,
    className: `${input} ${error ? `border-2 ${ERROR_BORDER}` : 'border-border hover:border-muted'} ${numeric ? 'tabular-nums' : ''}`,
  };
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block font-medium text-text">
        {label}
      </label>
      {multiline ? <textarea rows={5} {...shared} /> : <input type="text" autoComplete="off" {...shared} />}
      {error && (
        <p id={messageId} className={`mt-1 text-sm font-medium ${ERROR_TEXT}`}>
          {error}
        </p>
      )}
    </div>
  );
}
