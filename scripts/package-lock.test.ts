// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

interface LockEntry {
  version?: string;
  resolved?: string;
  integrity?: string;
  link?: boolean;
  inBundle?: boolean;
  optional?: boolean;
  os?: string[];
  cpu?: string[];
  libc?: string[];
}

type Lock = { packages: Record<string, LockEntry> };

/** `node_modules/a/node_modules/@b/c` → `@b/c` */
const nameOf = (path: string) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);

/** Every entry npm downloads: all but the project itself, workspace links and packages bundled inside others. */
const downloadsOf = (lock: Lock) =>
  Object.entries(lock.packages).filter(([path, entry]) => path !== '' && !entry.link && !entry.inBundle);

/**
 * Other platforms' builds that `npm ci` wants listed (scripts/complete-lockfile.mjs adds them) but
 * whose versions the registry this project installs from does not serve: `npm view name@version`
 * answers 404, so their integrity cannot be looked up. None is ever installed on this project's
 * machines (next test). An entry that gets its integrity must leave this list.
 */
const UNSERVED_PLATFORM_BUILDS = ['@tailwindcss/oxide-wasm32-wasi@4.3.5'];

/** This machine's C library, as npm names it in `libc` (glibc or musl on Linux, none elsewhere). */
function machineLibc(): string | null {
  if (process.platform !== 'linux') return null;
  const report = process.report.getReport() as { header?: { glibcVersionRuntime?: string } };
  return report.header?.glibcVersionRuntime ? 'glibc' : 'musl';
}

/** npm's rule for `os`, `cpu` and `libc`: the value is listed, or only others are excluded (`!x`). */
function allows(list: string[] | undefined, value: string | null): boolean {
  if (!list || value === null) return true;
  if (list.includes(`!${value}`)) return false;
  return list.includes(value) || list.every((item) => item.startsWith('!'));
}

/** Whether npm installs an optional entry on this machine. */
const installsHere = (entry: LockEntry) =>
  allows(entry.os, process.platform) && allows(entry.cpu, process.arch) && allows(entry.libc, machineLibc());

// The app's lock, and that of the CDK app in infra/, which installs apart (scripts/infra-install.mjs).
describe.each([
  ['package-lock.json', UNSERVED_PLATFORM_BUILDS],
  ['infra/package-lock.json', []],
])('%s', (file, unserved) => {
  const downloads = downloadsOf(JSON.parse(readFileSync(new URL(`../${file}`, import.meta.url), 'utf8')) as Lock);

  it('pins every downloaded package to its content hash, but for the listed unserved platform builds', () => {
    const missing = downloads
      .filter(([, entry]) => !entry.integrity)
      .map(([path, entry]) => `${nameOf(path)}@${entry.version}`);
    expect(missing.sort()).toEqual([...unserved].sort());
  });

  it('never installs a package without integrity on this machine', () => {
    const installedUnpinned = downloads
      .filter(([, entry]) => !entry.integrity && (!entry.optional || installsHere(entry)))
      .map(([path]) => path);
    expect(installedUnpinned).toEqual([]);
  });

  it('gives every resolved URL an https address and an integrity', () => {
    const bad = downloads
      .filter(([, entry]) => entry.resolved !== undefined)
      .filter(([, entry]) => !entry.integrity || !entry.resolved!.startsWith('https://'))
      .map(([path]) => path);
    expect(bad).toEqual([]);
  });

  it('uses sha512 hashes', () => {
    const weak = downloads.filter(([, entry]) => entry.integrity && !entry.integrity.startsWith('sha512-'));
    expect(weak.map(([path]) => path)).toEqual([]);
  });
});
