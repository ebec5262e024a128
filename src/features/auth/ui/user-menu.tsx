import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Link } from '@tanstack/react-router';
import { useRef, useState, type FocusEvent, type KeyboardEvent, type ReactElement } from 'react';
import { focusNextTabStop } from '../../../components/tab-order';
import { LogoutIcon, PersonIcon, SvgIcon } from '../../../components/ui/svg-icons';
import { env } from '../../../config/env';
import { useT } from '../../../i18n/use-t';
import type { UserProfile } from '../auth-model';
import { addPasskeyUrl } from '../session/add-passkey-url';
import { displayEmail, displayName } from './display-email';

interface UserMenuProps {
  user: UserProfile;
  /** Made by the caller: importing it here makes Rolldown split React into an extra first-load chunk. */
  trigger: ReactElement;
  onLogout: () => void;
}

const itemClass =
  'flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2 font-medium outline-none select-none data-highlighted:bg-surface-raised data-highlighted:text-primary';

const KEY_ICON =
  'M12.65 10A6 6 0 0 0 7 6c-3.31 0-6 2.69-6 6s2.69 6 6 6a6 6 0 0 0 5.65-4H17v4h4v-4h2v-4H12.65zM7 14c-1.1 0-2-.9-2-2s.9-2 2-2 2 .9 2 2-.9 2-2 2z';

export function UserMenu({ user, trigger, onLogout }: UserMenuProps) {
  const t = useT();
  const addPasskeyHref = addPasskeyUrl(env.oidc, window.location.origin);
  const name = displayName(user);
  const email = displayEmail(user);
  const [open, setOpen] = useState(false);
  const openOnLast = useRef(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const onTriggerKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowUp' || open) return;
    event.preventDefault();
    openOnLast.current = true;
    setOpen(true);
  };
  // Radix opens on the first item; Up Arrow moves on from there.
  const onContentFocus = (event: FocusEvent<HTMLElement>) => {
    if (!openOnLast.current || event.target.getAttribute('role') !== 'menuitem') return;
    openOnLast.current = false;
    const items = event.currentTarget.querySelectorAll<HTMLElement>('[role="menuitem"]');
    items[items.length - 1]?.focus({ preventScroll: true });
  };
  const onContentKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Tab' && triggerRef.current) focusNextTabStop(triggerRef.current, event.shiftKey);
  };
  return (
    // Not modal: a modal menu locks scroll with an injected <style>, which the CSP (style-src 'self') blocks.
    <DropdownMenu.Root modal={false} open={open} onOpenChange={setOpen}>
      <DropdownMenu.Trigger asChild ref={triggerRef} onKeyDown={onTriggerKeyDown}>
        {trigger}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          loop
          onFocus={onContentFocus}
          onKeyDown={onContentKeyDown}
          align="end"
          sideOffset={6}
          collisionPadding={8}
          className="z-50 max-w-[min(20rem,calc(100vw-1rem))] min-w-56 rounded-xl border border-border bg-surface p-1 text-text shadow-lg"
        >
          <DropdownMenu.Label className="px-3 py-2">
            <span className="block truncate font-semibold">{name}</span>
            {email && email !== name && <span className="block truncate text-sm text-muted">{email}</span>}
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <DropdownMenu.Item asChild tabIndex={-1} className={itemClass}>
            <Link to="/profile">
              <PersonIcon width={20} height={20} />
              {t('snxt.menu.profile')}
            </Link>
          </DropdownMenu.Item>
          {addPasskeyHref && (
            <DropdownMenu.Item asChild tabIndex={-1} className={itemClass}>
              <a href={addPasskeyHref}>
                <SvgIcon path={KEY_ICON} width={20} height={20} />
                {t('snxt.auth.addPasskey')}
              </a>
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Item onSelect={onLogout} tabIndex={-1} className={itemClass}>
            <LogoutIcon width={20} height={20} className="rtl:-scale-x-100" />
            {t('snxt.auth.logout')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
