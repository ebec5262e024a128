import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Link } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { LogoutIcon, PersonIcon } from '../../../components/ui/icons';
import { useT } from '../../../i18n/use-t';
import type { UserProfile } from '../../../state/auth-model';
import { displayEmail, displayName } from './profile';

interface UserMenuProps {
  user: UserProfile;
  /** Made by the caller: importing it here makes Rolldown split React into an extra first-load chunk. */
  trigger: ReactElement;
  onLogout: () => void;
}

const itemClass =
  'flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2 font-medium outline-none select-none data-highlighted:bg-surface-raised data-highlighted:text-primary';

export function UserMenu({ user, trigger, onLogout }: UserMenuProps) {
  const t = useT();
  const name = displayName(user);
  const email = displayEmail(user);
  return (
    // Not modal: a modal menu locks scroll with an injected <style>, which the CSP (style-src 'self') blocks.
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
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
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to="/profile">
              <PersonIcon width={20} height={20} />
              {t('snxt.menu.profile')}
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item onSelect={onLogout} className={itemClass}>
            <LogoutIcon width={20} height={20} className="rtl:-scale-x-100" />
            {t('snxt.auth.logout')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
