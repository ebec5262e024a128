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

const lock = JSON.parse(readFileSync(new URL('../package-lock.json', import.meta.url), 'utf8')) as {
  packages: Record<string, LockEntry>;
};

/** `node_modules/a/node_modules/@b/c` → `@b/c` */
const nameOf = (path: string) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);

/** Every entry npm downloads: all but the project itself, workspace links and packages bundled inside others. */
const downloads = Object.entries(lock.packages).filter(
  ([path, entry]) => path !== '' && !entry.link && !entry.inBundle,
);

/**
 * Other platforms' builds that `npm ci` wants listed (scripts/complete-lockfile.mjs adds them) but
 * whose versions the registry this project installs from does not serve: `npm view name@version`
 * answers 404, so their integrity cannot be looked up. None is ever installed on this project's
 * machines (next test). An entry that gets its integrity must leave this list.
 */
const UNSERVED_PLATFORM_BUILDS = [
  '@rolldown/binding-android-arm-eabi@1.3.2',
  '@rolldown/binding-android-arm64@1.3.2',
  '@rolldown/binding-darwin-arm64@1.3.2',
  '@rolldown/binding-darwin-x64@1.3.2',
  '@rolldown/binding-freebsd-x64@1.3.2',
  '@rolldown/binding-linux-arm-gnueabihf@1.3.2',
  '@rolldown/binding-linux-arm64-musl@1.3.2',
  '@rolldown/binding-linux-ppc64-gnu@1.3.2',
  '@rolldown/binding-linux-s390x-gnu@1.3.2',
  '@rolldown/binding-linux-x64-musl@1.3.2',
  '@rolldown/binding-openharmony-arm64@1.3.2',
  '@rolldown/binding-wasm32-wasi@1.3.2',
  '@rolldown/binding-win32-arm64-msvc@1.3.2',
  '@rolldown/binding-win32-x64-msvc@1.3.2',
  // Rollup 4, through workbox-build (the service worker's build).
  '@rollup/rollup-android-arm-eabi@4.68.7',
  '@rollup/rollup-android-arm64@4.68.7',
  '@rollup/rollup-android-x64@4.68.7',
  '@rollup/rollup-darwin-arm64@4.68.7',
  '@rollup/rollup-darwin-x64@4.68.7',
  '@rollup/rollup-freebsd-arm64@4.68.7',
  '@rollup/rollup-freebsd-x64@4.68.7',
  '@rollup/rollup-linux-arm-gnueabihf@4.68.7',
  '@rollup/rollup-linux-arm-musleabihf@4.68.7',
  '@rollup/rollup-linux-arm64-musl@4.68.7',
  '@rollup/rollup-linux-loong64-gnu@4.68.7',
  '@rollup/rollup-linux-loong64-musl@4.68.7',
  '@rollup/rollup-linux-ppc64-gnu@4.68.7',
  '@rollup/rollup-linux-ppc64-musl@4.68.7',
  '@rollup/rollup-linux-riscv64-gnu@4.68.7',
  '@rollup/rollup-linux-riscv64-musl@4.68.7',
  '@rollup/rollup-linux-s390x-gnu@4.68.7',
  '@rollup/rollup-linux-x64-musl@4.68.7',
  '@rollup/rollup-openbsd-x64@4.68.7',
  '@rollup/rollup-openharmony-arm64@4.68.7',
  '@rollup/rollup-win32-arm64-msvc@4.68.7',
  '@rollup/rollup-win32-ia32-msvc@4.68.7',
  '@rollup/rollup-win32-x64-gnu@4.68.7',
  '@rollup/rollup-win32-x64-msvc@4.68.7',
  '@tailwindcss/oxide-android-arm64@4.3.5',
  '@tailwindcss/oxide-darwin-arm64@4.3.5',
  '@tailwindcss/oxide-darwin-x64@4.3.5',
  '@tailwindcss/oxide-freebsd-x64@4.3.5',
  '@tailwindcss/oxide-linux-arm-gnueabihf@4.3.5',
  '@tailwindcss/oxide-wasm32-wasi@4.3.5',
  '@tailwindcss/oxide-win32-arm64-msvc@4.3.5',
  '@tailwindcss/oxide-win32-x64-msvc@4.3.5',
  '@unrs/resolver-binding-android-arm-eabi@1.13.0',
  '@unrs/resolver-binding-android-arm64@1.13.0',
  '@unrs/resolver-binding-darwin-arm64@1.13.0',
  '@unrs/resolver-binding-darwin-x64@1.13.0',
  '@unrs/resolver-binding-freebsd-x64@1.13.0',
  '@unrs/resolver-binding-linux-arm-gnueabihf@1.13.0',
  '@unrs/resolver-binding-linux-arm-musleabihf@1.13.0',
  '@unrs/resolver-binding-linux-loong64-gnu@1.13.0',
  '@unrs/resolver-binding-linux-loong64-musl@1.13.0',
  '@unrs/resolver-binding-linux-ppc64-gnu@1.13.0',
  '@unrs/resolver-binding-linux-riscv64-gnu@1.13.0',
  '@unrs/resolver-binding-linux-riscv64-musl@1.13.0',
  '@unrs/resolver-binding-linux-s390x-gnu@1.13.0',
  '@unrs/resolver-binding-openharmony-arm64@1.13.0',
  '@unrs/resolver-binding-win32-arm64-msvc@1.13.0',
  '@unrs/resolver-binding-win32-ia32-msvc@1.13.0',
  '@unrs/resolver-binding-win32-x64-msvc@1.13.0',
];

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

describe('package-lock.json', () => {
  it('pins every downloaded package to its content hash, but for the listed unserved platform builds', () => {
    const missing = downloads
      .filter(([, entry]) => !entry.integrity)
      .map(([path, entry]) => `${nameOf(path)}@${entry.version}`);
    expect(missing.sort()).toEqual([...UNSERVED_PLATFORM_BUILDS].sort());
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
