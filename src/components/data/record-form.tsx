import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate, useRouter } from '@tanstack/react-router';
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useT } from '../../i18n/use-t';
import { reportNotice } from '../../lib/notice-bus';
import type { Field, Resource } from '../../lib/resources/resource';
import { ResourceError, type Versioned } from '../../lib/resources/resource-client';
import { offlineNotice, resourceNotice } from '../../lib/resources/resource-notices';
import { dataClient, resourceQueries } from './data-client';
import { reportFailure, saveRecord } from './data-mutations';
import { ErrorSummary } from './error-summary';
import { FormField } from './form-field';
import { recordPath } from './record-path';
import { useUnsavedChanges } from './unsaved-changes';

type Values = Record<string, string>;

const SPAN = { 2: 'sm:col-span-2', 3: 'sm:col-span-3', 4: 'sm:col-span-4', 6: 'sm:col-span-6' } as const;
const WARNING_BORDER = 'border-[#7a4f01] [.black-theme_&]:border-[#f0c674]';
const buttonClass = 'inline-flex h-10 items-center justify-center rounded-lg px-5 font-medium';
export const secondaryButton = `${buttonClass} border border-border bg-surface text-text hover:bg-surface-raised`;

interface RecordFormProps<T extends { id: string; title: string }, F> {
  resource: Resource<T, F>;
  loaded?: Versioned<T>;
  actions?: ReactNode;
  /** Whether the page is being left on purpose (deleted), so unsaved changes do not ask. */
  isLeaving?: () => boolean;
}

export function RecordForm<T extends { id: string; title: string }, F>(props: RecordFormProps<T, F>) {
  const { resource, loaded, actions, isLeaving = () => false } = props;
  const t = useT();
  const idPrefix = useId();
  const router = useRouter();
  const navigate = useNavigate();
  const today = useMemo(() => new Date(), []);
  const form = useForm<Values, unknown, F>({
    resolver: zodResolver(resource.form(today)) as unknown as Resolver<Values, unknown, F>,
    defaultValues: resource.formValues(loaded?.record),
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

  const showVersion = (version: Versioned<T>) => {
    form.reset(resource.formValues(version.record));
    etag.current = version.etag;
  };
  // A newer version (refetched, or saved elsewhere in this tab) replaces a form that has no changes of its own.
  useEffect(() => {
    if (loaded && !form.formState.isDirty) showVersion(loaded);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new version counts
  }, [loaded?.etag]);

  const id = loaded?.record.id;
  const reload = () => {
    if (!id || !mounted.current) return;
    unsaved.confirmDiscard(() => {
      dataClient()
        .fetchQuery({ ...resourceQueries(resource).record(id), staleTime: 0 })
        .then(
          (current) => mounted.current && showVersion(current),
          (error: unknown) => reportFailure(error, 'load', resource, t),
        );
    });
  };

  const save = useMutation({
    mutationFn: (fields: F) =>
      saveRecord(resource, fields, id && etag.current ? { id, etag: etag.current } : undefined),
    onSuccess: (saved) => {
      reportNotice(resourceNotice('success', resource.texts.saved, t(resource.texts.saved)));
      if (!id) {
        created.current = true;
        void navigate({ to: recordPath(resource, saved.record.id), replace: true });
        return;
      }
      showVersion(saved);
      // The page's title and breadcrumb come from the route's data.
      void router.invalidate();
    },
    onError: (error) => {
      const failure = error instanceof ResourceError ? error.failure : null;
      if (failure === 'invalid') {
        for (const [field, code] of Object.entries((error as ResourceError).fieldErrors)) {
          form.setError(field, { type: 'server', message: code });
        }
        setSummaryFocus((count) => count + 1);
      } else if (id && failure === 'conflict') {
        const { changedElsewhere } = resource.texts;
        reportNotice({
          ...resourceNotice('warning', changedElsewhere, t(changedElsewhere)),
          action: { labelId: 'snxt.data.notices.reload', defaultLabel: t('snxt.data.notices.reload'), run: reload },
        });
      } else if (id && failure === 'notFound') {
        setDeletedElsewhere(true);
      } else reportFailure(error, id ? 'update' : 'create', resource, t);
    },
  });

  const fieldId = (field: Field) => `${idPrefix}-${field.name}`;
  const messageOf = (field: Field) => {
    const code = errors[field.name]?.message;
    if (code === undefined) return undefined;
    const key = field.messages[code as keyof Field['messages']] ?? field.messages.default;
    return t(key, field.values?.(today));
  };
  const summary = resource.fields.flatMap((field) => {
    const message = messageOf(field);
    return message ? [{ fieldId: fieldId(field), message }] : [];
  });

  const onSubmit = form.handleSubmit(
    (fields) => {
      if (navigator.onLine === false) reportNotice(offlineNotice);
      else save.mutate(fields);
    },
    () => setSummaryFocus((count) => count + 1),
  );

  return (
    <>
      {deletedElsewhere && (
        <div role="alert" className={`mb-6 rounded-xl border-2 ${WARNING_BORDER} bg-surface p-4`}>
          <p className="font-medium text-text">{t(resource.texts.deletedElsewhere)}</p>
          <Link to={resource.path} className="mt-2 inline-block font-medium text-primary underline underline-offset-4">
            {t(resource.texts.backToList)}
          </Link>
        </div>
      )}
      <ErrorSummary errors={summary} focusKey={summaryFocus} />
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-5 sm:grid-cols-6">
        {resource.fields.map((field) => (
          <FormField
            key={field.name}
            id={fieldId(field)}
            label={t(field.labelKey)}
            error={messageOf(field)}
            registration={form.register(field.name)}
            multiline={field.multiline}
            numeric={field.numeric}
            className={SPAN[field.span ?? 6]}
          />
        ))}
        <div className="flex flex-wrap items-center gap-3 pt-2 sm:col-span-6">
          <button
            type="submit"
            disabled={save.isPending}
            className={`${buttonClass} bg-primary text-on-primary hover:opacity-90 disabled:opacity-60`}
          >
            {t('snxt.data.save')}
          </button>
          {actions}
        </div>
      </form>
      {unsaved.dialog}
    </>
  );
}
