import { signal } from '@preact/signals-react';
import type { ReactNode } from 'react';

/** The h1 of the page on screen; after a navigation the route announcer moves focus to it. */
export const pageHeading = signal<HTMLElement | null>(null);

function register(element: HTMLHeadingElement | null) {
  if (!element) return undefined;
  pageHeading.value = element;
  return () => {
    if (pageHeading.peek() === element) pageHeading.value = null;
  };
}

/** A page's one h1: it takes focus after a navigation to the page, and screen readers announce it. */
export function PageHeading({
  children,
  className = '',
  id,
}: {
  children: ReactNode;
  className?: string;
  id?: string;
}) {
  return (
    <h1 ref={register} id={id} tabIndex={-1} className={`outline-none ${className}`}>
      {children}
    </h1>
  );
}
