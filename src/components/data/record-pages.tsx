import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useRef, useState, type ReactNode } from 'react';
import { useFormatDateTime } from '../../i18n/use-format-date-time';
import { usePluralT } from '../../i18n/use-plural-t';
import { useT } from '../../i18n/use-t';
import { parseApiDate } from '../../lib/api-date';
import { reportNotice } from '../../lib/notice-bus';
import type { Resource } from '../../lib/resources/resource';
import { failureOf } from '../../lib/resources/resource-client';
import { failureNotice, offlineNotice } from '../../lib/resources/resource-notices';
import { PageHeading } from '../page-heading';
import { ROUTE_ANIMATED } from '../route-animated';
import { Breadcrumbs } from './breadcrumbs';
import { ConfirmDialog } from './confirm-dialog';
import { resourceQueries } from './data-client';
import { deleteRecords } from './data-mutations';
import { DataProvider } from './data-provider';
import { RecordForm, secondaryButton } from './record-form';

// Loose types here and plain paths (record-path.ts): an app may have no `$id` route yet (the kit outlives the example).
type RecordParams = { id?: string };

type AnyRecord = { id: string; title: string; updatedAt?: unknown };

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

function EditRecord<T extends AnyRecord, F>({ resource, id }: { resource: Resource<T, F>; id: string }) {
  const t = usePluralT();
  const formatDate = useFormatDateTime();
  const navigate = useNavigate();
  const { data } = useSuspenseQuery(resourceQueries(resource).record(id));
  const leaving = useRef(false);
  const [confirming, setConfirming] = useState(false);
  const { title, updatedAt } = data.record;

  const remove = () => {
    setConfirming(false);
    if (navigator.onLine === false) return reportNotice(offlineNotice);
    leaving.current = true;
    void deleteRecords(resource, [id], t);
    void navigate({ to: resource.path });
  };

  const deleteButton = resource.canDelete() && (
    <button type="button" onClick={() => setConfirming(true)} className={secondaryButton}>
      {t('snxt.data.delete')}
    </button>
  );

  return (
    <FormPage title={title}>
      {updatedAt !== undefined && (
        <p className="mt-2 text-sm text-muted">
          {t('snxt.data.updatedAt', { date: formatDate(parseApiDate(updatedAt)) })}
        </p>
      )}
      <div className={card}>
        <RecordForm resource={resource} loaded={data} isLeaving={() => leaving.current} actions={deleteButton} />
      </div>
      <ConfirmDialog
        open={confirming}
        title={t('snxt.data.deleteDialog.title', { title })}
        description={t('snxt.data.deleteDialog.text')}
        confirmLabel={t('snxt.data.delete')}
        cancelLabel={t('snxt.data.cancel')}
        onConfirm={remove}
        onCancel={() => setConfirming(false)}
      />
    </FormPage>
  );
}

/** The pages of a record: new, edit (with Delete), not found, and one that could not be loaded. */
export function recordPages<T extends AnyRecord, F>(resource: Resource<T, F>) {
  function NewPage() {
    const t = useT();
    return (
      <DataProvider>
        <FormPage title={t(resource.texts.new)}>
          <div className={card}>
            <RecordForm resource={resource} />
          </div>
        </FormPage>
      </DataProvider>
    );
  }

  function EditPage() {
    const { id } = useParams({ strict: false }) as RecordParams;
    return <DataProvider>{id && <EditRecord key={id} resource={resource} id={id} />}</DataProvider>;
  }

  function NotFound() {
    const t = useT();
    return (
      <FormPage title={t(resource.texts.notFound)}>
        <p className="mt-4 text-text">{t(resource.texts.notFoundText)}</p>
        <Link to={resource.path} className="mt-6 inline-block font-medium text-primary underline underline-offset-4">
          {t(resource.texts.backToList)}
        </Link>
      </FormPage>
    );
  }

  function LoadFailed({ error, reset }: ErrorComponentProps) {
    const t = useT();
    const router = useRouter();
    const notice = failureNotice(failureOf(error), 'load', resource.texts, t);
    return (
      <FormPage title={t(resource.texts.item)}>
        <div role="alert" className="mt-8 rounded-2xl border border-border bg-surface px-4 py-8 text-center shadow-sm">
          <p className="text-text">{t(notice.messageId)}</p>
          <button
            type="button"
            onClick={() => {
              reset();
              void router.invalidate();
            }}
            className={`${secondaryButton} mt-4`}
          >
            {t('snxt.data.tryAgain')}
          </button>
        </div>
      </FormPage>
    );
  }

  return { NewPage, EditPage, NotFound, LoadFailed };
}
