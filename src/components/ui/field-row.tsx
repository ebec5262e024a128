import type { ReactNode } from 'react';

export const descriptionIdOf = (id: string) => `${id}-description`;

interface FieldRowProps {
  /** The control's id: the label points at it, and the description's id derives from it. */
  id: string;
  label: ReactNode;
  description?: ReactNode;
  /** Greys the label and shows a not-allowed cursor, for a control that is unavailable. */
  unavailable?: boolean;
  /** More text under the label, e.g. a reason read only by screen readers. */
  after?: ReactNode;
  /** The control itself, on the end side of the row. */
  children: ReactNode;
}

/** One settings row: label and description at the start, the control at the end. */
export function FieldRow({ id, label, description, unavailable = false, after, children }: FieldRowProps) {
  return (
    <div className="flex items-center justify-between gap-4 py-3.5">
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
