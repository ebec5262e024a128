// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { optionalRoutesPlugin, redirectingRoute } from './optional-routes.mjs';

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
