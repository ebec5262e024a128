import { signal } from '@preact/signals-react';
import { useLayoutEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import type { RadixTooltipProps } from './radix-tooltip';

/**
 * Radix Tooltip and its positioning engine weigh about 20 KB gzip, more than the first paint can
 * afford for one footer tooltip. Triggers render plain until the module arrives: when the browser
 * is idle (preloadTooltips), or at the first hover, focus or touch on a trigger.
 */
// Boxed: a bare function as a signal value is not treated as plain data by every consumer.
const loaded = signal<{ Component: ComponentType<RadixTooltipProps> } | null>(null);
let loading: Promise<unknown> | null = null;

export function preloadTooltips(): Promise<unknown> {
  loading ??= import('./radix-tooltip').then(
    (module) => (loaded.value = { Component: module.default }),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

const load = () => void preloadTooltips().catch(() => undefined);

type TooltipProps = Omit<RadixTooltipProps, 'initiallyOpen'>;

export function Tooltip(props: TooltipProps) {
  const Impl = loaded.value?.Component;
  const wrapper = useRef<HTMLSpanElement>(null);
  const [pointerInside, setPointerInside] = useState(false);
  const hadFocus = useRef(false);

  // Swapping in the Radix trigger remounts the child: give focus back if it had it.
  useLayoutEffect(() => {
    if (!Impl || !hadFocus.current) return;
    wrapper.current?.querySelector<HTMLElement>('a, button, [tabindex]')?.focus();
  }, [Impl]);

  return (
    <span
      ref={wrapper}
      className="contents"
      onPointerOver={() => {
        if (Impl) return;
        setPointerInside(true);
        load();
      }}
      onPointerLeave={() => setPointerInside(false)}
      onFocus={() => {
        if (Impl) return;
        hadFocus.current = true;
        load();
      }}
      onBlur={() => (hadFocus.current = false)}
    >
      {Impl ? <Impl {...props} initiallyOpen={pointerInside && !hadFocus.current} /> : props.children}
    </span>
  );
}
