/* global PAGES, FILES, NOT_SERVED */
/* exported handler */
// CloudFront Function (cloudfront-js-2.0), viewer request. The CDK app puts PAGES, FILES and NOT_SERVED above this.
// A path reaches the bucket as it is only when it names a file of the build or lies under /assets/; the app answers
// every other path, and any path with a `.` or `..` segment in any of its decodings.
var APP = '/index.html';
var DECODINGS = 3;

function decode(text) {
  try {
    return decodeURIComponent(text);
  } catch (error) {
    return null;
  }
}

function hasDotSegment(path) {
  var segments = path.split(/[/\\]/);
  for (var i = 0; i < segments.length; i += 1) {
    if (segments[i] === '.' || segments[i] === '..') return true;
  }
  return false;
}

// The key the bucket would read (the path decoded once), or null: undecodable, or a dot segment however encoded.
function bucketPath(uri) {
  var once = decode(uri);
  var path = uri;
  for (var round = 0; round <= DECODINGS && path !== null; round += 1) {
    if (hasDotSegment(path)) return null;
    var next = decode(path);
    if (next === path) break;
    path = next;
  }
  return once;
}

function handler(event) {
  var request = event.request;
  var path = bucketPath(request.uri);
  if (path === null) {
    request.uri = APP;
    return request;
  }
  var trimmed = path.replace(/\/+$/, '') || '/';
  if (NOT_SERVED.indexOf(trimmed) !== -1) {
    return { statusCode: 404, statusDescription: 'Not Found', headers: { 'cache-control': { value: 'no-cache' } } };
  }
  if (path.indexOf('/assets/') === 0 || FILES.indexOf(path) !== -1) return request;
  request.uri = Object.prototype.hasOwnProperty.call(PAGES, trimmed) ? PAGES[trimmed] : APP;
  return request;
}
