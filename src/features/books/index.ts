// The Books example: a data page over a REST API (TanStack Query, react-hook-form, zod), in builds with VITE_BOOKS_API_URL.
export { loadBook, prefetchBookList } from './book-loaders';
export { BookLoadFailed, BookNotFound, BookPage, NewBookPage } from './book-pages';
export { bookTitle } from './book-title';
export { BooksListPage } from './books-list-page';
export { pickBooksSearch, type BooksSearchInput } from './route-search';
