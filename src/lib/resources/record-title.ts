/** A record page's title and breadcrumb from its route's data (a record's `title`): in the first load, so tiny. */
export const recordTitle = (data: unknown): string | undefined => {
  const title = (data as { record?: { title?: unknown } } | undefined)?.record?.title;
  return typeof title === 'string' ? title : undefined;
};
