// Route files a build may leave out: while `enabled` is false each module in `dir` is a stub that sends its path
// home, before the router plugin splits it, so the build has none of its code, chunks or navigation entry. The files
// stay in the route tree (src/routeTree.gen.ts), so the tree and its types are the same with or without them.
import { readFileSync } from 'node:fs';
import { resolve, sep } from 'node:path';

const ROUTE_PATH = /createFileRoute\(\s*(['"])([^'"\\]*)\1\s*\)/;

/** The stub for a route file's source: the same route path, and a redirect (replace) to `/`. */
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

/** @returns {import('vite').Plugin} */
export function optionalRoutesPlugin(dir, enabled) {
  const folder = resolve(dir) + sep;
  return {
    name: 'snxt-optional-routes',
    enforce: 'pre',
    load(id) {
      const file = id.split('?')[0];
      if (enabled || !resolve(file).startsWith(folder) || !/\.[jt]sx?$/.test(file)) return null;
      return redirectingRoute(readFileSync(file, 'utf8'), file);
    },
  };
}
