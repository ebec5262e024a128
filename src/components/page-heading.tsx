import { signal } from '@preact/signals-react';
import type { ReactNode } from 'react';

export const pageHeading = signal<HTMLElement | null>(null);

function register(element: HTMLHeadingElement | null) {
  if (!element) return undefined;
  pageHeading.value = element;
  return () => {
    if (pageHeading.peek() === element) pageHeading.value = null;
  };
}

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
