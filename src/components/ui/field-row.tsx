import type { ReactNode } from 'react';

export const descriptionIdOf = (id: string) => `${id}-description`;

interface FieldRowProps {
  id: string;
  label: ReactNode;
  description?: ReactNode;
  unavailable?: boolean;
  after?: ReactNode;
  wraps?: boolean;
  children: ReactNode;
}

export function FieldRow({
  id,
  label,
  description,
  unavailable = false,
  after,
  wraps = false,
  children,
}: FieldRowProps) {
  return (
    <div className={`flex items-center justify-between gap-x-4 gap-y-2 py-3.5 ${wraps ? 'flex-wrap' : ''}`}>
      <div className="min-w-0">
        <label
          htmlFor={id}
          className={`font-medium ${unavailable ? 'cursor-not-allowed text-muted' : 'cursor-pointer text-text'}`}
        >
          {label}
        </label>
        {description && (
          <p id={descriptionIdOf(id)} className="mt-0.5 text-sm leading-snug text-muted">
            {description}
          </p>
        )}
        {after}
      </div>
      {children}
    </div>
  );
}
