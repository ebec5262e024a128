import { signal } from '@preact/signals-react';
import {
  startTransition,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ComponentType,
  type PointerEvent,
} from 'react';
import { TOOLTIP } from '../../config/constants';
import { cachedPromise } from '../../lib/cached-promise';
import type { RadixTooltipProps } from './radix-tooltip';

// Radix Tooltip weighs ~20 KB gzip, too much for the first paint: triggers render plain until it arrives (when idle, or
// at the first hover, focus or touch). Boxed: a bare function as a signal value is not plain data to every consumer.
const loaded = signal<{ Component: ComponentType<RadixTooltipProps> } | null>(null);

export const preloadTooltips = cachedPromise(() =>
  import('./radix-tooltip').then((module) => (loaded.value = { Component: module.default })),
);

const load = () => void preloadTooltips().catch(() => undefined);

// Swapping every trigger re-renders them all: as a transition, in short tasks while the page is still loading.
function useRadixTooltip(): { Component: ComponentType<RadixTooltipProps> } | null {
  const [current, setCurrent] = useState(() => loaded.peek());
  useEffect(() => loaded.subscribe((next) => startTransition(() => setCurrent(next))), []);
  return current;
}

// Radix leaves touch out: a long press shows the tooltip, which hides a while after the finger lifts.
function useTouchOpen() {
  const [open, setOpen] = useState(false);
  const pressTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const hideTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(
    () => () => {
      clearTimeout(pressTimer.current);
      clearTimeout(hideTimer.current);
    },
    [],
  );
  const onPointerDown = (event: PointerEvent) => {
    if (event.pointerType !== 'touch') return;
    clearTimeout(hideTimer.current);
    pressTimer.current = setTimeout(() => setOpen(true), TOOLTIP.touchLongPressMs);
  };
  // A lifted finger, or one the browser took over for scrolling, ends the press.
  const onPointerEnd = (event: PointerEvent) => {
    if (event.pointerType !== 'touch') return;
    clearTimeout(pressTimer.current);
    hideTimer.current = setTimeout(() => setOpen(false), TOOLTIP.touchHideDelayMs);
  };
  return { open, handlers: { onPointerDown, onPointerUp: onPointerEnd, onPointerCancel: onPointerEnd } };
}

type TooltipProps = Omit<RadixTooltipProps, 'initiallyOpen' | 'forceOpen'>;

export function Tooltip(props: TooltipProps) {
  const Impl = useRadixTooltip()?.Component;
  const wrapper = useRef<HTMLSpanElement>(null);
  const [pointerInside, setPointerInside] = useState(false);
  const hadFocus = useRef(false);
  const touch = useTouchOpen();

  // A pointer resting on the trigger since before the app ran counts as hovering it: no new pointer event will come.
  useEffect(() => {
    if (!wrapper.current?.querySelector(':hover')) return;
    setPointerInside(true);
    load();
  }, []);

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
      onPointerDown={(event) => {
        load();
        touch.handlers.onPointerDown(event);
      }}
      onPointerUp={touch.handlers.onPointerUp}
      onPointerCancel={touch.handlers.onPointerCancel}
    >
      {Impl ? <Impl {...props} initiallyOpen={pointerInside} forceOpen={touch.open} /> : props.children}
    </span>
  );
}
