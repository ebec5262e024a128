import { useT } from '../../i18n/use-t';
import { ROUTE_ANIMATED } from '../route-animated';
import { secondaryButton } from './record-form';

interface PaginationProps {
  page: number;
  lastPage: number;
  /** Until the first page arrives its place is kept but not shown: rows that wrap on a phone move it. */
  shown: boolean;
  onPage: (page: number) => void;
}

export function Pagination({ page, lastPage, shown, onPage }: PaginationProps) {
  const t = useT();
  const button = `${secondaryButton} px-3 disabled:cursor-not-allowed disabled:opacity-50`;
  return (
    <nav
      aria-label={t('snxt.data.pagination')}
      className={`${ROUTE_ANIMATED} mt-6 flex items-center justify-between gap-4 ${shown ? '' : 'invisible'}`}
    >
      <button type="button" className={button} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('snxt.data.previousPage')}
      </button>
      <p className="text-sm text-muted tabular-nums">
        {t('snxt.data.pageOf', { n: String(page), m: String(lastPage) })}
      </p>
      <button type="button" className={button} disabled={!shown || page >= lastPage} onClick={() => onPage(page + 1)}>
        {t('snxt.data.nextPage')}
      </button>
    </nav>
  );
}
