import type { ResourceTexts } from '../../lib/resources/resource';

export const BOOK_TEXTS: ResourceTexts = {
  title: 'snxt.books.title',
  item: 'snxt.books.item',
  search: 'snxt.books.search',
  none: 'snxt.books.none',
  noMatch: 'snxt.books.noMatch',
  new: 'snxt.books.new',
  saved: 'snxt.books.saved',
  deleted: 'snxt.books.deleted',
  changedElsewhere: 'snxt.books.changedElsewhere',
  deletedElsewhere: 'snxt.books.deletedElsewhere',
  loadFailed: 'snxt.books.loadFailed',
  deleteMany: 'snxt.books.deleteMany',
  deletedMany: 'snxt.books.deletedMany',
  notFound: 'snxt.books.notFound',
  notFoundText: 'snxt.books.notFoundText',
  backToList: 'snxt.books.backToList',
};
