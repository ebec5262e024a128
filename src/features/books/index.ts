// The Books example: a data page over a REST API on the data kit, in builds with VITE_BOOKS_API_URL.
export { BookList, BookLoadFailed, BookNotFound, BookPage, loadBook, loadBooks, NewBookPage } from './books';
