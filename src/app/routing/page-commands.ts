import type { AnyRoute } from '@tanstack/react-router';
import { auth, routeAccess } from '../../features/auth';
import type { CommandSource } from '../../features/command-palette';
import { needsAlong } from './route-meta';

/** Every page with a name in its route metadata that the visitor may open now. */
export const pageCommands: CommandSource = ({ router }) =>
  (Object.values(router.routesById) as AnyRoute[]).flatMap((route) => {
    const { commandKey, titleKey } = route.options.staticData ?? {};
    const labelKey = commandKey ?? titleKey;
    const to = route.fullPath as string;
    if (!labelKey || to.includes('$') || routeAccess(needsAlong(route), auth().state.value) !== 'open') return [];
    return [{ id: `page.${to}`, group: 'pages', labelKey, run: () => void router.navigate({ to }) }];
  });
