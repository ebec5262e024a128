import * as RadixTooltip from '@radix-ui/react-tooltip';
import { useEffect, useRef, useState, type PointerEvent, type ReactNode } from 'react';
import { TOOLTIP } from '../../config/constants';

/** Wrap the app once; every tooltip then opens and closes without delay (SPEC §9). */
export function TooltipProvider({ children }: { children: ReactNode }) {
  return (
    <RadixTooltip.Provider delayDuration={TOOLTIP.showDelayMs} skipDelayDuration={TOOLTIP.hideDelayMs}>
      {children}
    </RadixTooltip.Provider>
  );
}

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

interface TooltipProps {
  content: ReactNode;
  /** A single focusable element; it keeps its own accessible name. */
  children: ReactNode;
  side?: 'top' | 'bottom' | 'left' | 'right';
}

export function Tooltip({ content, children, side = 'top' }: TooltipProps) {
  const [hoverOpen, setHoverOpen] = useState(false);
  const touch = useTouchOpen();
  return (
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
  );
}
