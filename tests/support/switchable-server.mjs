// A tiny static server on 127.0.0.1 that serves one of several builds and can switch between them,
// the way a deploy replaces one build by the next under the same origin. It serves like the
// deploy configs do: `/settings` is settings.html when there is one, unknown paths get index.html,
// a missing file under /assets/ is a 404, and each path gets the headers the build's `_headers` gives it.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain; charset=utf-8',
};

/** `_headers` rules: path pattern → headers. */
function readRules(dir) {
  const rules = [];
  const file = join(dir, '_headers');
  if (!existsSync(file)) return rules;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const header = /^\s+([\w-]+):\s*(.+)$/.exec(line);
    if (header && rules.length) rules.at(-1).headers[header[1]] = header[2].trim();
    else if (line.startsWith('/')) rules.push({ pattern: line.trim(), headers: {} });
  }
  return rules;
}

const matches = (pattern, path) =>
  new RegExp(
    `^${pattern
      .split('*')
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
  ).test(path);

const isFile = (path) => existsSync(path) && statSync(path).isFile();

/**
 * @param {Record<string, string>} builds name → build folder
 * @param {number} port
 */
export function startSwitchableServer(builds, port) {
  let current = Object.keys(builds)[0];
  const rules = Object.fromEntries(Object.entries(builds).map(([name, dir]) => [name, readRules(dir)]));

  const server = createServer((request, response) => {
    const dir = builds[current];
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://local').pathname);
    const safe = normalize(path).replace(/^(\.\.[/\\])+/, '');
    let file = join(dir, safe);
    if (!isFile(file)) {
      if (isFile(`${file.replace(/\/+$/, '')}.html`)) file = `${file.replace(/\/+$/, '')}.html`;
      else if (path.startsWith('/assets/')) file = null;
      else file = join(dir, 'index.html');
    }
    const headers = { 'Cache-Control': 'no-cache' };
    for (const rule of rules[current]) if (matches(rule.pattern, path)) Object.assign(headers, rule.headers);
    for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
    if (!file) {
      response.statusCode = 404;
      response.end('Not found');
      return;
    }
    response.setHeader('Content-Type', TYPES[extname(file)] ?? 'application/octet-stream');
    response.end(request.method === 'HEAD' ? undefined : readFileSync(file));
  });

  return new Promise((resolve) => {
    server.listen(port, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${port}`,
        /** From now on, serve this build. */
        serve(name) {
          if (!builds[name]) throw new Error(`No build named ${name}`);
          current = name;
        },
        stop: () => new Promise((done) => server.close(() => done(undefined))),
      }),
    );
  });
}
