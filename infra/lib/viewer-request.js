/* global PAGES, NOT_SERVED */
/* exported handler */
// CloudFront Function (cloudfront-js-2.0), viewer request. The CDK app puts PAGES and NOT_SERVED above this.
function handler(event) {
  var request = event.request;
  var path = request.uri;
  try {
    path = decodeURIComponent(request.uri);
  } catch (error) {
    // Not a name of the build's files either way: the app's own route.
  }
  if (NOT_SERVED.indexOf(path) !== -1) {
    return { statusCode: 404, statusDescription: 'Not Found', headers: { 'cache-control': { value: 'no-cache' } } };
  }
  var name = path.slice(path.lastIndexOf('/') + 1);
  if (path.indexOf('/assets/') === 0 || name.indexOf('.') !== -1) return request;
  var page = path.replace(/\/+$/, '') || '/';
  request.uri = Object.prototype.hasOwnProperty.call(PAGES, page) ? PAGES[page] : '/index.html';
  return request;
}
