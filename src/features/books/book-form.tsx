import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useRouter } from '@tanstack/react-router';
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useForm, type FieldErrors, type UseFormRegisterReturn } from 'react-hook-form';
import { useT } from '../../i18n/use-t';
import { reportNotice } from '../../lib/notice-bus';
import { bookQuery } from './book-queries';
import { bookSchema, type BookField } from './book-rules';
import { BooksApiError, type Book, type BookFields, type VersionedBook } from './books-api';
import { bookSavedNotice, changedElsewhereNotice, offlineNotice, reportBooksFailure } from './books-notices';
import { saveBook } from './book-mutations';
import { ERROR_BORDER, ERROR_TEXT, ErrorSummary } from './error-summary';
import { BOOK_FIELD_ORDER, FIELD_LABEL_KEYS, fieldMessage } from './field-messages';
import { useUnsavedChanges } from './unsaved-changes';

type FormValues = Record<BookField, string>;

const WARNING_BORDER = 'border-[#7a4f01] [.black-theme_&]:border-[#f0c674]';

const valuesOf = (book: Book | undefined): FormValues => ({
  title: book?.title ?? '',
  author: book?.author ?? '',
  year: book ? String(book.year) : '',
  isbn: book?.isbn ?? '',
  description: book?.description ?? '',
});

const input = 'block w-full rounded-lg border bg-surface px-3 py-2 text-text shadow-sm transition-colors';

interface FieldProps {
  id: string;
  label: string;
  error?: string;
  registration: UseFormRegisterReturn;
  multiline?: boolean;
  className?: string;
}

function Field({ id, label, error, registration, multiline = false, className = '' }: FieldProps) {
  const messageId = `${id}-error`;
  const shared = {
    id,
    ...registration,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? messageId : undefined,
    className: `${input} ${error ? `border-2 ${ERROR_BORDER}` : 'border-border hover:border-muted'} ${className}`,
  };
  return (
    <div>
      <label htmlFor={id} className="mb-1 block font-medium text-text">
        {label}
      </label>
      {multiline ? <textarea rows={5} {...shared} /> : <input type="text" autoComplete="off" {...shared} />}
      {error && (
        <p id={messageId} className={`mt-1 text-sm font-medium ${ERROR_TEXT}`}>
          {error}
        </p>
      )}
    </div>
  );
}

interface BookFormProps {
  /** The version being edited; none for a new book. */
  loaded?: VersionedBook;
  /** Beside Save (Delete, for editors). */
  actions?: ReactNode;
  /** Whether the page is being left on purpose (deleted), so unsaved changes do not ask. */
  isLeaving?: () => boolean;
}

export function BookForm({ loaded, actions, isLeaving = () => false }: BookFormProps) {
  const t = useT();
  const idPrefix = useId();
  const client = useQueryClient();
  const router = useRouter();
  const navigate = useNavigate();
  const today = useMemo(() => new Date(), []);
  const form = useForm<FormValues, unknown, BookFields>({
    resolver: zodResolver(bookSchema(today)),
    defaultValues: valuesOf(loaded?.book),
    shouldFocusError: false, // the error summary takes focus instead (GOV.UK)
  });
  // Read while rendering: react-hook-form computes only the form state a render has read.
  const { errors, isDirty } = form.formState;
  const etag = useRef(loaded?.etag);
  const created = useRef(false);
  const [summaryFocus, setSummaryFocus] = useState(0);
  const [deletedElsewhere, setDeletedElsewhere] = useState(false);
  const unsaved = useUnsavedChanges(() => !created.current && !isLeaving() && isDirty);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => void (mounted.current = false);
  }, []);

  const showVersion = (version: VersionedBook) => {
    form.reset(valuesOf(version.book));
    etag.current = version.etag;
  };
  // A newer version (refetched, or saved elsewhere in this tab) replaces a form that has no changes of its own.
  useEffect(() => {
    if (loaded && !form.formState.isDirty) showVersion(loaded);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new version counts
  }, [loaded?.etag]);

  const id = loaded?.book.id;
  const reload = () => {
    if (!id || !mounted.current) return;
    unsaved.confirmDiscard(() => {
      client.fetchQuery({ ...bookQuery(id), staleTime: 0 }).then(
        (current) => mounted.current && showVersion(current),
        (error: unknown) => reportBooksFailure(error, 'load'),
      );
    });
  };

  const save = useMutation({
    mutationFn: (fields: BookFields) =>
      saveBook(client, fields, id && etag.current ? { id, etag: etag.current } : undefined),
    onSuccess: (saved) => {
      reportNotice(bookSavedNotice);
      if (!id) {
        created.current = true;
        void navigate({ to: '/books/$id', params: { id: saved.book.id }, replace: true });
        return;
      }
      showVersion(saved);
      // The page's title and breadcrumb come from the route's data.
      void router.invalidate();
    },
    onError: (error) => {
      if (error instanceof BooksApiError && error.failure === 'invalid') {
        for (const [field, code] of Object.entries(error.fieldErrors)) {
          form.setError(field as BookField, { type: 'server', message: code });
        }
        setSummaryFocus((count) => count + 1);
      } else if (id && error instanceof BooksApiError && error.failure === 'conflict') {
        reportNotice(changedElsewhereNotice(reload));
      } else if (id && error instanceof BooksApiError && error.failure === 'notFound') {
        setDeletedElsewhere(true);
      } else reportBooksFailure(error, id ? 'update' : 'create');
    },
  });

  const fieldId = (field: BookField) => `${idPrefix}-${field}`;
  const messageOf = (field: BookField, all: FieldErrors<FormValues>) => {
    const code = all[field]?.message;
    if (code === undefined) return undefined;
    const { key, values } = fieldMessage(field, code, today);
    return t(key, values);
  };
  const summary = BOOK_FIELD_ORDER.flatMap((field) => {
    const message = messageOf(field, errors);
    return message ? [{ fieldId: fieldId(field), message }] : [];
  });

  const onSubmit = form.handleSubmit(
    (fields) => {
      if (navigator.onLine === false) reportNotice(offlineNotice);
      else save.mutate(fields);
    },
    () => setSummaryFocus((count) => count + 1),
  );

  const field = (name: BookField, extra: Partial<FieldProps> = {}) => (
    <Field
      id={fieldId(name)}
      label={t(FIELD_LABEL_KEYS[name])}
      error={messageOf(name, errors)}
      registration={form.register(name)}
      {...extra}
    />
  );

  return (
    <>
      {deletedElsewhere && (
        <div role="alert" className={`mb-6 rounded-xl border-2 ${WARNING_BORDER} bg-surface p-4`}>
          <p className="font-medium text-text">{t('snxt.books.notices.deletedElsewhere')}</p>
          <Link to="/books" className="mt-2 inline-block font-medium text-primary underline underline-offset-4">
            {t('snxt.books.notFound.back')}
          </Link>
        </div>
      )}
      <ErrorSummary errors={summary} focusKey={summaryFocus} />
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-5">
        {field('title')}
        {field('author')}
        <div className="grid gap-5 sm:grid-cols-[10rem_1fr]">
          {field('year', { className: 'tabular-nums' })}
          {field('isbn')}
        </div>
        {field('description', { multiline: true })}
        <div className="flex flex-wrap items-center gap-3 pt-2">
          <button
            type="submit"
            disabled={save.isPending}
            className="inline-flex h-10 items-center justify-center rounded-lg bg-primary px-5 font-medium text-on-primary hover:opacity-90 disabled:opacity-60"
          >
            {t('snxt.books.save')}
          </button>
          {actions}
        </div>
      </form>
      {unsaved.dialog}
    </>
  );
}
