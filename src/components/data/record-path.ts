export const recordPath = (resource: { path: string }, id: string): string =>
  `${resource.path}/${encodeURIComponent(id)}`;
