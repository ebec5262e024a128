// Each resource at `{VITE_API_URL}/{name}`, locally and on AWS, where its routes are made from here (docs/api.md).
import { books } from './resources/books.ts'; // example: books
import type { Resource } from './resource.ts';

export const RESOURCES: Readonly<Record<string, Resource>> = {
  books, // example: books
};
