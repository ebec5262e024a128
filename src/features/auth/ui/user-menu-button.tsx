import type { ComponentPropsWithRef } from 'react';
import { PersonIcon } from '../../../components/ui/svg-icons';
import { useT } from '../../../i18n/use-t';
import type { UserProfile } from '../auth-model';
import { displayName } from './display-email';

export const toolbarAuthButton =
  'inline-flex h-[40px] min-w-[40px] max-w-48 items-center justify-center gap-2 rounded-full px-2 font-medium text-on-toolbar hover:bg-on-toolbar/10 focus-visible:outline-toolbar-focus sm:px-3';

type UserMenuButtonProps = ComponentPropsWithRef<'button'> & { user: UserProfile };

/** The user menu's trigger, also shown disabled while the menu's code loads, so nothing shifts. */
export function UserMenuButton({ user, className, ...props }: UserMenuButtonProps) {
  const t = useT();
  return (
    <button
      type="button"
      aria-haspopup="menu"
      aria-label={t('snxt.auth.userMenu')}
      className={`${toolbarAuthButton} ${className ?? ''}`}
      {...props}
    >
      <PersonIcon className="shrink-0" />
      <span className="hidden truncate sm:inline">{displayName(user)}</span>
    </button>
  );
}
