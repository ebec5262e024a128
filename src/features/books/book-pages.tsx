import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useRef, useState, type ReactNode } from 'react';
import { PageHeading } from '../../components/page-heading';
import { ROUTE_ANIMATED } from '../../components/route-animated';
import { useT } from '../../i18n/use-t';
import { reportNotice } from '../../lib/notice-bus';
import { can } from '../auth';
import { bookQuery, booksQueryClient } from './book-queries';
import { BookForm } from './book-form';
import { deleteBookEverywhere } from './book-mutations';
import { BooksData } from './books-data';
import { failureNotice, failureOf, offlineNotice } from './books-notices';
import { Breadcrumbs } from './breadcrumbs';
import { ConfirmDialog } from './confirm-dialog';
import { useFormatDateTime } from '../../i18n/use-format-date-time';
import { parseApiDate } from '../../lib/api-date';

function FormPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:py-16">
      <Breadcrumbs />
      <PageHeading className="text-3xl font-bold tracking-tight break-words text-text">{title}</PageHeading>
      {children}
    </div>
  );
}

const card = `${ROUTE_ANIMATED} mt-8 rounded-2xl border border-border bg-surface p-6 shadow-sm`;

export function NewBookPage() {
  const t = useT();
  return (
    <BooksData>
      <FormPage title={t('snxt.books.newBook')}>
        <div className={card}>
          <BookForm />
        </div>
      </FormPage>
    </BooksData>
  );
}

function EditBook({ id }: { id: string }) {
  const t = useT();
  const formatDate = useFormatDateTime();
  const navigate = useNavigate();
  const { data } = useSuspenseQuery(bookQuery(id));
  const leaving = useRef(false);
  const [confirming, setConfirming] = useState(false);
  const editor = can('books:delete');
  const { title, updatedAt } = data.book;

  const remove = () => {
    setConfirming(false);
    if (navigator.onLine === false) return reportNotice(offlineNotice);
    leaving.current = true;
    const client = booksQueryClient();
    void deleteBookEverywhere(client, id);
    void navigate({ to: '/books' });
  };

  const deleteButton = editor && (
    <button
      type="button"
      onClick={() => setConfirming(true)}
      className="inline-flex h-10 items-center justify-center rounded-lg border border-border bg-surface px-5 font-medium text-text hover:bg-surface-raised"
    >
      {t('snxt.books.delete')}
    </button>
  );

  return (
    <FormPage title={title}>
      <p className="mt-2 text-sm text-muted">
        {t('snxt.books.updatedAt', { date: formatDate(parseApiDate(updatedAt)) })}
      </p>
      <div className={card}>
        <BookForm loaded={data} isLeaving={() => leaving.current} actions={deleteButton} />
      </div>
      <ConfirmDialog
        open={confirming}
        title={t('snxt.books.deleteDialog.title', { title })}
        description={t('snxt.books.deleteDialog.text')}
        confirmLabel={t('snxt.books.delete')}
        cancelLabel={t('snxt.books.deleteDialog.cancel')}
        onConfirm={remove}
        onCancel={() => setConfirming(false)}
      />
    </FormPage>
  );
}

export function BookPage() {
  const { id } = useParams({ strict: false });
  return <BooksData>{id && <EditBook key={id} id={id} />}</BooksData>;
}

export function BookNotFound() {
  const t = useT();
  return (
    <FormPage title={t('snxt.books.notFound.title')}>
      <p className="mt-4 text-text">{t('snxt.books.notFound.text')}</p>
      <Link to="/books" className="mt-6 inline-block font-medium text-primary underline underline-offset-4">
        {t('snxt.books.notFound.back')}
      </Link>
    </FormPage>
  );
}

export function BookLoadFailed({ error, reset }: ErrorComponentProps) {
  const t = useT();
  const router = useRouter();
  const notice = failureNotice(failureOf(error), 'load');
  return (
    <FormPage title={t('snxt.books.book')}>
      <div role="alert" className="mt-8 rounded-2xl border border-border bg-surface px-4 py-8 text-center shadow-sm">
        <p className="text-text">{t(notice.messageId)}</p>
        <button
          type="button"
          onClick={() => {
            reset();
            void router.invalidate();
          }}
          className="mt-4 inline-flex h-10 items-center justify-center rounded-lg border border-border bg-surface px-4 font-medium text-text hover:bg-surface-raised"
        >
          {t('snxt.data.tryAgain')}
        </button>
      </div>
    </FormPage>
  );
}
