import * as RadixTooltip from '@radix-ui/react-tooltip';
import { useEffect, useRef, useState, type PointerEvent, type ReactNode } from 'react';
import { TOOLTIP } from '../../config/constants';

/**
 * Touch has no hover: a long press shows the tooltip and it hides a while after the finger
 * lifts (SPEC §9). Radix leaves touch out, so this runs beside its hover and focus handling.
 */
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

export interface RadixTooltipProps {
  content: ReactNode;
  /** A single focusable element; it keeps its own accessible name. */
  children: ReactNode;
  side?: 'top' | 'bottom' | 'left' | 'right';
  /** Open at mount: the pointer was already on the trigger when this module arrived. */
  initiallyOpen?: boolean;
}

/** The Radix tooltip itself, loaded on demand by tooltip.tsx. Delays per SPEC §9. */
export default function RadixTooltipImpl({
  content,
  children,
  side = 'top',
  initiallyOpen = false,
}: RadixTooltipProps) {
  const [hoverOpen, setHoverOpen] = useState(initiallyOpen);
  const touch = useTouchOpen();
  return (
    <RadixTooltip.Provider delayDuration={TOOLTIP.showDelayMs} skipDelayDuration={TOOLTIP.hideDelayMs}>
      <RadixTooltip.Root open={hoverOpen || touch.open} onOpenChange={setHoverOpen}>
        <RadixTooltip.Trigger asChild {...touch.handlers}>
          {children}
        </RadixTooltip.Trigger>
        <RadixTooltip.Portal>
          <RadixTooltip.Content
            side={side}
            sideOffset={6}
            collisionPadding={8}
            style={{ maxWidth: TOOLTIP.maxWidthPx }}
            className="z-50 rounded-md bg-text px-2.5 py-1.5 text-sm leading-snug text-background shadow-lg"
          >
            {content}
          </RadixTooltip.Content>
        </RadixTooltip.Portal>
      </RadixTooltip.Root>
    </RadixTooltip.Provider>
  );
}
