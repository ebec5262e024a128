import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect } from 'react';
import type { ListSearch } from '../../lib/resources/list-search';
import type { Resource } from '../../lib/resources/resource';

const sameText = (a: object, b: object) =>
  Object.keys(a).length === Object.keys(b).length &&
  Object.entries(a).every(([key, value]) => Object.hasOwn(b, key) && String(value) === String(b[key as keyof object]));

/** The list's search as its URL says it, by the resource's rules; `go` navigates to another (links leave the defaults
 * out), and what the rules ignore leaves the URL (replaced, with no history entry). */
export function useListSearch<T extends { id: string; title: string }, F>(resource: Resource<T, F>) {
  const raw = useSearch({ strict: false });
  const search = resource.search.validate(raw);
  const navigate = useNavigate();
  const go = (next: Partial<ListSearch>, replace = false) =>
    void navigate({ to: resource.path, search: resource.search.withoutDefaults({ ...search, ...next }), replace });
  const understood = sameText(raw, resource.search.withoutDefaults(search));
  useEffect(() => {
    if (!understood) go({}, true);
  });
  return { search, go };
}
