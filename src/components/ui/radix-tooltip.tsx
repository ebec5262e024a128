import * as RadixTooltip from '@radix-ui/react-tooltip';
import { useState, type ReactNode } from 'react';
import { TOOLTIP } from '../../config/constants';

export interface RadixTooltipProps {
  content: ReactNode;
  children: ReactNode;
  side?: 'top' | 'bottom' | 'left' | 'right';
  /** The pointer was already on the trigger when this module arrived. */
  initiallyOpen?: boolean;
  forceOpen?: boolean;
}

export default function RadixTooltipImpl({
  content,
  children,
  side = 'top',
  initiallyOpen = false,
  forceOpen = false,
}: RadixTooltipProps) {
  const [hoverOpen, setHoverOpen] = useState(initiallyOpen);
  return (
    <RadixTooltip.Provider delayDuration={TOOLTIP.showDelayMs} skipDelayDuration={TOOLTIP.hideDelayMs}>
      <RadixTooltip.Root open={hoverOpen || forceOpen} onOpenChange={setHoverOpen}>
        <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
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
