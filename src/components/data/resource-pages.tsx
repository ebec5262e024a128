import type { ListSearchInput } from '../../lib/resources/pick-list-search';
import type { Resource } from '../../lib/resources/resource';
import { loadRecord, prefetchList } from './data-client';
import { DataProvider } from './data-provider';
import { ListPage } from './list-page';
import { recordPages } from './record-pages';

/** What a resource's three route files attach: its pages and their loaders. */
export function resourcePages<T extends { id: string; title: string }, F>(resource: Resource<T, F>) {
  function List() {
    return (
      <DataProvider>
        <ListPage resource={resource} />
      </DataProvider>
    );
  }
  return {
    List,
    ...recordPages(resource),
    loadList: (input: ListSearchInput) => prefetchList(resource, input),
    loadRecord: (id: string) => loadRecord(resource, id),
  };
}
