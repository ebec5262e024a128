// A collector of error reports and CSP violation reports on 127.0.0.1, answering with the CORS docs/error-reports.md documents.
import { createServer } from 'node:http';

const MAX_BODY = 64 * 1024;

function parse(body) {
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

/** POST /reports keeps what arrives; GET /received lists it for the tests. */
export function startErrorCollector({ port, appOrigins }) {
  const received = [];
  const server = createServer((request, response) => {
    const origin = request.headers.origin;
    if (origin && appOrigins.includes(origin)) response.setHeader('Access-Control-Allow-Origin', origin);
    response.setHeader('Vary', 'Origin');
    const path = new URL(request.url ?? '/', 'http://collector').pathname;
    if (request.method === 'GET' && path === '/received') {
      response.writeHead(200, { 'Content-Type': 'application/json' });
      return response.end(JSON.stringify(received));
    }
    if (path !== '/reports') return response.writeHead(404).end();
    if (request.method === 'OPTIONS') {
      const preflight = { 'Access-Control-Allow-Methods': 'POST', 'Access-Control-Allow-Headers': 'Content-Type' };
      return response.writeHead(204, { ...preflight, 'Access-Control-Max-Age': '86400' }).end();
    }
    if (request.method !== 'POST') return response.writeHead(405).end();
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk) => {
      body += chunk;
      if (body.length > MAX_BODY) request.destroy();
    });
    request.on('end', () => {
      received.push({ contentType: request.headers['content-type'] ?? '', origin: origin ?? null, body: parse(body) });
      response.writeHead(204).end();
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${port}/reports`,
        close: () => new Promise((done) => server.close(() => done(undefined))),
      }),
    );
  });
}
