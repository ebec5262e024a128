import { Link, useMatches, useRouter } from '@tanstack/react-router';
import { useT } from '../../i18n/use-t';

const ancestorsOf = (pathname: string): string[] => {
  const segments = pathname.split('/').filter(Boolean);
  return ['/', ...segments.slice(1).map((_, index) => `/${segments.slice(0, index + 1).join('/')}`)];
};

/** Home › … › this page, from the route tree: each ancestor by its title or command name, the page by the title its
 * data gives (`titleFromData`) or its title key; the last item is the page, not a link. */
export function Breadcrumbs() {
  const t = useT();
  const router = useRouter();
  const page = useMatches({ select: (matches) => matches.at(-1) });
  if (!page) return null;
  const ancestors = ancestorsOf(page.pathname).flatMap((path) => {
    const [routes] = router.getMatchedRoutes(path);
    const route = routes.at(-1);
    const key = route?.options.staticData?.titleKey ?? route?.options.staticData?.commandKey;
    return key ? [{ path, label: t(key) }] : [];
  });
  const { titleFromData, titleKey } = page.staticData;
  const current = titleFromData?.(page.loaderData) ?? (titleKey ? t(titleKey) : '');
  return (
    <nav aria-label={t('snxt.data.breadcrumb')} className="mb-4">
      <ol className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted">
        {ancestors.map((crumb) => (
          <li key={crumb.path} className="flex items-center gap-2">
            {/* Exact: the router marks a link to a parent of the page active, with aria-current="page". */}
            <Link
              to={crumb.path}
              activeOptions={{ exact: true }}
              className="rounded font-medium text-primary underline-offset-4 hover:underline"
            >
              {crumb.label}
            </Link>
            <span aria-hidden="true" className="inline-block rtl:-scale-x-100">
              ›
            </span>
          </li>
        ))}
        <li>
          <span aria-current="page" className="break-words text-text">
            {current}
          </span>
        </li>
      </ol>
    </nav>
  );
}
