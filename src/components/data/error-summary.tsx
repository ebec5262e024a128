import { useEffect, useId, useRef } from 'react';
import { useT } from '../../i18n/use-t';

export interface SummaryError {
  fieldId: string;
  message: string;
}

export const ERROR_TEXT = 'text-[#b3261e] [.black-theme_&]:text-[#f2b8b5]';
export const ERROR_BORDER = 'border-[#b3261e] [.black-theme_&]:border-[#f2b8b5]';

/** GOV.UK's error summary: an alert above the form that takes focus, one link per error to its field. */
export function ErrorSummary({ errors, focusKey }: { errors: readonly SummaryError[]; focusKey: number }) {
  const t = useT();
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const shown = errors.length > 0;
  const focused = useRef(0);
  // Once per Save with errors, whenever the errors arrive: fixing and breaking fields later never moves focus.
  useEffect(() => {
    if (!shown || focusKey <= focused.current) return;
    focused.current = focusKey;
    ref.current?.focus();
  }, [focusKey, shown]);
  if (!shown) return null;
  return (
    <div
      ref={ref}
      role="alert"
      tabIndex={-1}
      aria-labelledby={titleId}
      className={`mb-6 rounded-xl border-4 ${ERROR_BORDER} bg-surface p-4 outline-none focus-visible:outline-focus`}
    >
      <h2 id={titleId} className="text-lg font-semibold text-text">
        {t('snxt.data.summaryTitle')}
      </h2>
      <ul className="mt-2 list-none space-y-1 p-0">
        {errors.map((error) => (
          <li key={error.fieldId}>
            <a
              href={`#${error.fieldId}`}
              className={`font-medium underline ${ERROR_TEXT}`}
              onClick={(event) => {
                event.preventDefault();
                const field = document.getElementById(error.fieldId);
                field?.focus();
                field?.scrollIntoView({ block: 'center' });
              }}
            >
              {error.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
