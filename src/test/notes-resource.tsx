import { signal } from '@preact/signals-react';
import { createRootRoute, createRoute, Link, Outlet, type SearchSchemaInput } from '@tanstack/react-router';
import { vi } from 'vitest';
import { z } from 'zod';
import { resourcePages } from '../components/data/resource-pages';
import { pickListSearch, type ListSearchInput } from '../lib/resources/pick-list-search';
import { recordTitle } from '../lib/resources/record-title';
import { defineResource } from '../lib/resources/resource';
import { renderApp } from './render-app';
import { stubPage } from './stub-page';

// A resource of the tests' own (Notes) on the data kit: its texts, its routes, and its API answered at fetch, as the
// contract says (search, sorts, pages, ETag and If-Match). Nothing of an example is needed, so the kit's tests stay.

const NOTES_API = 'https://api.example.com/notes';

const noteRecord = z.object({
  id: z.string(),
  title: z.string(),
  author: z.string(),
  year: z.number().int(),
  description: z.string(),
  updatedAt: z.string(),
});
export type Note = z.infer<typeof noteRecord>;

const mayDelete = signal(true);

const text = (max: number, required: boolean) =>
  required
    ? z.string().trim().min(1, { error: 'required' }).max(max, { error: 'tooLong' })
    : z.string().trim().max(max, { error: 'tooLong' });

const notes = defineResource({
  name: 'notes',
  path: '/notes',
  url: () => NOTES_API,
  record: noteRecord,
  form: () => z.object({ title: text(200, true), author: text(100, true), description: text(2000, false) }),
  columns: [
    { key: 'title', labelKey: 'snxt.test.title', sortable: true, link: true, width: 'w-1/2' },
    { key: 'author', labelKey: 'snxt.test.author', sortable: true, width: 'w-1/3' },
    { key: 'year', labelKey: 'snxt.test.year', sortable: true, kind: 'number', width: 'w-20 sm:w-24' },
    { key: 'updatedAt', labelKey: 'snxt.test.updated', kind: 'date' },
  ],
  fields: [
    {
      name: 'title',
      labelKey: 'snxt.test.title',
      messages: { default: 'snxt.test.titleRequired', tooLong: 'snxt.test.titleTooLong' },
    },
    {
      name: 'author',
      labelKey: 'snxt.test.author',
      messages: { default: 'snxt.test.authorRequired', tooLong: 'snxt.test.authorTooLong' },
    },
    {
      name: 'description',
      labelKey: 'snxt.test.description',
      messages: { default: 'snxt.test.descriptionTooLong' },
      multiline: true,
    },
  ],
  texts: {
    title: 'snxt.test.notes',
    item: 'snxt.test.note',
    search: 'snxt.test.search',
    none: 'snxt.test.none',
    noMatch: 'snxt.test.noMatch',
    new: 'snxt.test.new',
    saved: 'snxt.test.saved',
    deleted: 'snxt.test.deleted',
    changedElsewhere: 'snxt.test.changedElsewhere',
    deletedElsewhere: 'snxt.test.deletedElsewhere',
    loadFailed: 'snxt.test.loadFailed',
    deleteMany: 'snxt.test.deleteMany',
    deletedMany: 'snxt.test.deletedMany',
    notFound: 'snxt.test.notFound',
    notFoundText: 'snxt.test.notFoundText',
    backToList: 'snxt.test.backToList',
  },
  canDelete: () => mayDelete.value,
});

const NOTES_MESSAGES = {
  en: {
    'snxt.test.title': 'Title',
    'snxt.test.author': 'Author',
    'snxt.test.year': 'Year',
    'snxt.test.updated': 'Updated',
    'snxt.test.description': 'Description',
    'snxt.test.titleRequired': 'Enter a title',
    'snxt.test.titleTooLong': 'Title must be 200 characters or fewer',
    'snxt.test.authorRequired': 'Enter an author',
    'snxt.test.authorTooLong': 'Author must be 100 characters or fewer',
    'snxt.test.descriptionTooLong': 'Description must be 2000 characters or fewer',
    'snxt.test.notes': 'Notes',
    'snxt.test.note': 'Note',
    'snxt.test.search': 'Search notes',
    'snxt.test.none': 'No notes yet.',
    'snxt.test.noMatch': 'No notes match “{q}”.',
    'snxt.test.new': 'New note',
    'snxt.test.saved': 'Note saved.',
    'snxt.test.deleted': 'Note deleted.',
    'snxt.test.changedElsewhere': 'This note was changed elsewhere.',
    'snxt.test.deletedElsewhere': 'This note was deleted elsewhere.',
    'snxt.test.loadFailed': 'The notes could not be loaded.',
    'snxt.test.deleteMany': 'Delete {n, plural, one {# note} other {# notes}}?',
    'snxt.test.deletedMany': '{n, plural, one {# note deleted.} other {# notes deleted.}}',
    'snxt.test.notFound': 'Note not found',
    'snxt.test.notFoundText': 'This note does not exist, or it was deleted.',
    'snxt.test.backToList': 'Back to Notes',
  },
  de: {
    'snxt.test.title': 'Titel',
    'snxt.test.author': 'Autor',
    'snxt.test.year': 'Jahr',
    'snxt.test.updated': 'Geändert',
    'snxt.test.notes': 'Notizen',
    'snxt.test.search': 'Notizen durchsuchen',
    'snxt.test.deleteMany': '{n, plural, one {# Notiz} other {# Notizen}} löschen?',
    'snxt.test.deletedMany': '{n, plural, one {# Notiz gelöscht.} other {# Notizen gelöscht.}}',
  },
};

const pages = resourcePages(notes);
const root = createRootRoute({
  component: () => (
    <>
      <header>
        <nav aria-label="Site">
          <Link to="/">Home</Link>
        </nav>
      </header>
      <main>
        <Outlet />
      </main>
    </>
  ),
});
const notesRouteTree = root.addChildren([
  createRoute({
    getParentRoute: () => root,
    path: '/',
    staticData: { commandKey: 'snxt.menu.home' },
    component: () => <h1>Home page</h1>,
  }),
  createRoute({
    getParentRoute: () => root,
    path: '/notes/',
    staticData: { titleKey: 'snxt.test.notes' },
    validateSearch: (raw: ListSearchInput & SearchSchemaInput) => pickListSearch(raw),
    loaderDeps: ({ search }) => search,
    loader: ({ deps }) => pages.loadList(deps),
    component: pages.List,
  }),
  createRoute({
    getParentRoute: () => root,
    path: '/notes/new',
    staticData: { titleKey: 'snxt.test.new' },
    component: pages.NewPage,
  }),
  createRoute({
    getParentRoute: () => root,
    path: '/notes/$id',
    staticData: { titleKey: 'snxt.test.note', titleFromData: recordTitle },
    loader: ({ params }) => pages.loadRecord(params.id),
    component: pages.EditPage,
    notFoundComponent: pages.NotFound,
    errorComponent: pages.LoadFailed,
  }),
]);

export const shelf = (count: number): Note[] =>
  Array.from({ length: count }, (_, index) => ({
    id: `note-${index + 1}`,
    title: `Note ${String(index + 1).padStart(2, '0')}`,
    author: `Author ${String(count - index).padStart(2, '0')}`,
    year: 1901 + ((index * 7) % count),
    description: '',
    updatedAt: '2026-03-04T12:00:00.000Z',
  }));

export interface Sent {
  method: string;
  path: string;
  search: URLSearchParams;
  ifMatch: string | null;
  body: Record<string, unknown> | null;
}

/** The API over `records`: `answer` may answer a request first (a failure, a held answer). */
export function serveNotes(
  records: Note[],
  answer: (sent: Sent) => Promise<Response | undefined> | Response | undefined = () => undefined,
) {
  let stored = records.map((record) => ({ record, version: 1 }));
  const sent: Sent[] = [];
  const versioned = (status: number, { record, version }: (typeof stored)[number]) =>
    Response.json(record, { status, headers: { ETag: `"v${version}"` } });
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input));
    const request: Sent = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      search: url.searchParams,
      ifMatch: new Headers(init?.headers).get('If-Match'),
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : null,
    };
    sent.push(request);
    const answered = await answer(request);
    if (answered) return answered;
    if (request.path === '/notes' && request.method === 'GET') {
      const q = url.searchParams.get('q')?.toLowerCase() ?? '';
      const sort = url.searchParams.get('sort') as 'title' | 'author' | 'year';
      const direction = url.searchParams.get('order') === 'desc' ? -1 : 1;
      const page = Number(url.searchParams.get('page'));
      const pageSize = Number(url.searchParams.get('pageSize'));
      const found = stored
        .map(({ record }) => record)
        .filter((record) => `${record.title} ${record.author}`.toLowerCase().includes(q))
        .sort((a, b) => (a[sort] < b[sort] ? -direction : a[sort] > b[sort] ? direction : 0));
      return Response.json({
        items: found.slice((page - 1) * pageSize, page * pageSize),
        total: found.length,
        page,
        pageSize,
      });
    }
    if (request.path === '/notes' && request.method === 'POST') {
      const [template] = shelf(1);
      const created = { record: { ...template, ...request.body, id: `created-${stored.length}` } as Note, version: 1 };
      stored = [...stored, created];
      return versioned(201, created);
    }
    const found = stored.find(({ record }) => request.path === `/notes/${record.id}`);
    if (!found) return Response.json({ error: 'notFound' }, { status: 404 });
    if (request.method === 'DELETE') {
      stored = stored.filter((entry) => entry !== found);
      return new Response(null, { status: 204 });
    }
    if (request.method === 'PUT') {
      if (request.ifMatch === null) return new Response(null, { status: 428 });
      if (request.ifMatch !== `"v${found.version}"`) return new Response(null, { status: 412 });
      found.record = { ...found.record, ...request.body };
      found.version += 1;
    }
    return versioned(200, found);
  });
  stubPage({ url: 'https://app.example.com/notes', fetch: fetchMock });
  return {
    sent,
    changes: () => sent.filter((request) => request.method !== 'GET'),
    lastList: () => Object.fromEntries(sent.filter((request) => request.path === '/notes').at(-1)?.search ?? []),
    titles: () => stored.map(({ record }) => record.title),
    changeElsewhere(id: string, title: string) {
      const found = stored.find(({ record }) => record.id === id);
      if (!found) throw new Error(`No note ${id}`);
      found.record = { ...found.record, title };
      found.version += 1;
    },
    deleteElsewhere(id: string) {
      stored = stored.filter(({ record }) => record.id !== id);
    },
  };
}

export async function openNotes(url: string, { language = 'en', canDelete = true } = {}) {
  mayDelete.value = canDelete;
  const rendered = await renderApp(undefined, {
    url,
    routeTree: notesRouteTree,
    messages: NOTES_MESSAGES,
    user: { sub: 'user-1' },
    stored: { 'snxt-SETTINGS': { language } },
  });
  const where = () => `${rendered.router.state.location.pathname}${rendered.router.state.location.searchStr}`;
  return { ...rendered, where };
}
