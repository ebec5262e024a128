// Routes a build leaves out: stubs that send their paths home, folders out of Tailwind's scan (no code, chunks, CSS).
import { readFileSync } from 'node:fs';
import { dirname, relative, resolve, sep } from 'node:path';

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

/** Leaves `folders` out of Tailwind's scan of `stylesheet` (`@source not`): their class names add no CSS. */
export function unscannedSourcesPlugin(stylesheet, folders) {
  const file = resolve(stylesheet);
  const rules = folders
    .map((folder) => `@source not ${JSON.stringify(relative(dirname(file), folder).split(sep).join('/'))};`)
    .join('\n');
  return {
    name: 'snxt-unscanned-sources',
    enforce: /** @type {const} */ ('pre'),
    transform(code, id) {
      return resolve(id.split('?')[0]) === file ? { code: `${code}\n${rules}\n`, map: null } : null;
    },
  };
}
