// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { compile } from 'tailwindcss';
import { afterAll, describe, expect, it } from 'vitest';
import { optionalRoutesPlugin, redirectingRoute, unscannedSourcesPlugin } from './optional-routes.mjs';

const root = mkdtempSync(join(tmpdir(), 'optional-routes-'));
const dir = join(root, 'routes', 'orders');
mkdirSync(dir, { recursive: true });
const routeFile = join(dir, '$id.tsx');
writeFileSync(
  routeFile,
  "import { OrderPage } from '../../features/orders';\nexport const Route = createFileRoute('/orders/$id')({ component: OrderPage });\n",
);
const other = join(root, 'routes', 'settings.tsx');
writeFileSync(other, "export const Route = createFileRoute('/settings')({});\n");
afterAll(() => rmSync(root, { recursive: true, force: true }));

const load = (enabled: boolean, id: string) =>
  (optionalRoutesPlugin(dir, enabled).load as (id: string) => string | null)(id);

describe('optionalRoutesPlugin', () => {
  it('leaves every module alone when the routes are on', () => {
    expect(load(true, routeFile)).toBeNull();
  });

  it('turns a route of the folder into a redirect home with the same path, split parts included', () => {
    for (const id of [routeFile, `${routeFile}?tsr-split=component`]) {
      const stub = load(false, id)!;
      expect(stub).toContain('createFileRoute("/orders/$id")');
      expect(stub).toContain("throw redirect({ to: '/', replace: true })");
      expect(stub).not.toContain('OrderPage');
      expect(stub).not.toContain('features/orders');
    }
  });

  it('leaves files outside the folder, and what is not a script, alone', () => {
    expect(load(false, other)).toBeNull();
    expect(load(false, join(root, 'routes', 'orders-extra.tsx'))).toBeNull();
    expect(load(false, join(dir, 'notes.md'))).toBeNull();
  });
});

describe('redirectingRoute', () => {
  it('fails loudly for a file with no route path to keep', () => {
    expect(() => redirectingRoute('export const x = 1;', 'x.tsx')).toThrow(/x\.tsx: no createFileRoute/);
  });

  it('keeps a path with quotes of either kind', () => {
    expect(redirectingRoute('createFileRoute("/orders/new")({})')).toContain('createFileRoute("/orders/new")');
  });
});

describe('unscannedSourcesPlugin', () => {
  const stylesheet = join(root, 'styles', 'app.css');
  const folders = [join(root, 'features', 'orders'), dir];
  const transform = (code: string, id: string) =>
    (unscannedSourcesPlugin(stylesheet, folders).transform as (code: string, id: string) => { code: string } | null)(
      code,
      id,
    );

  it('runs before Tailwind generates the styles', () => {
    expect(unscannedSourcesPlugin(stylesheet, folders).enforce).toBe('pre');
  });

  it('leaves each folder out of the scan Tailwind reads from the stylesheet, resolved from the stylesheet', async () => {
    for (const id of [stylesheet, `${stylesheet}?direct`]) {
      const { code } = transform("@import 'tailwindcss';\n", id)!;
      expect(code.startsWith("@import 'tailwindcss';\n")).toBe(true);
      const { sources } = await compile(code.replace("@import 'tailwindcss';", ''), { base: dirname(stylesheet) });
      expect(
        sources.map((source) => ({ folder: resolve(source.base, source.pattern), negated: source.negated })),
      ).toEqual(folders.map((folder) => ({ folder, negated: true })));
    }
  });

  it('leaves other stylesheets and modules alone', () => {
    expect(transform('.a {}', join(root, 'styles', 'themes.css'))).toBeNull();
    expect(transform('export {}', join(dir, '$id.tsx'))).toBeNull();
  });
});
