// Route files a build may leave out: stubs that send their paths home, so it has none of their code, chunks or links.
import { readFileSync } from 'node:fs';
import { resolve, sep } from 'node:path';

const ROUTE_PATH = /createFileRoute\(\s*(['"])([^'"\\]*)\1\s*\)/;

export function redirectingRoute(source, file = 'route file') {
  const path = ROUTE_PATH.exec(source)?.[2];
  if (path === undefined) throw new Error(`${file}: no createFileRoute('…') to keep the path of`);
  return [
    "import { createFileRoute, redirect } from '@tanstack/react-router';",
    `export const Route = createFileRoute(${JSON.stringify(path)})({`,
    "  beforeLoad: () => { throw redirect({ to: '/', replace: true }); },",
    '});',
    '',
  ].join('\n');
}

export function optionalRoutesPlugin(dir, enabled) {
  const folder = resolve(dir) + sep;
  return {
    name: 'snxt-optional-routes',
    enforce: /** @type {const} */ ('pre'),
    load(id) {
      const file = id.split('?')[0];
      if (enabled || !resolve(file).startsWith(folder) || !/\.[jt]sx?$/.test(file)) return null;
      return redirectingRoute(readFileSync(file, 'utf8'), file);
    },
  };
}
