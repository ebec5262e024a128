// The product API's resources: each is served at `{VITE_API_URL}/{name}` by the one handler, locally and on AWS,
// where the CDK app makes its routes from this table (docs/api.md). `npm run new -- resource` adds a line here.
import { books } from './resources/books.ts'; // example: books
import type { Resource } from './resource.ts';

export const RESOURCES: Readonly<Record<string, Resource>> = {
  books, // example: books
};
