// Adds lock entries for platform-specific optional packages (other OSes and CPUs) that npm left
// out of package-lock.json because the registry it used did not serve those exact versions.
// Without them `npm ci` refuses the lock ("Missing: …@ from lock file"). Each entry carries its
// os/cpu, so npm skips it on other platforms and fetches nothing for it.
// Run after `npm install` changes the lock: node scripts/complete-lockfile.mjs
import { readFileSync, writeFileSync } from 'node:fs';

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(file, 'utf8'));
const packages = lock.packages;

const OS = ['android', 'darwin', 'freebsd', 'linux', 'win32', 'openharmony', 'sunos', 'aix', 'netbsd', 'openbsd'];
const CPU = ['arm64', 'x64', 'arm', 'ia32', 'ppc64', 's390x', 'riscv64', 'loong64', 'mips64el', 'wasm32'];
const platformOf = (name) => {
  const parts = name.split('/').pop().split('-');
  const os = parts.find((part) => OS.includes(part));
  const cpu = parts.find((part) => CPU.includes(part)) ?? (parts.includes('gnueabihf') ? 'arm' : undefined);
  return { ...(os && { os: [os] }), ...(cpu && { cpu: [cpu] }) };
};

/** Where node would find `name` from the package at `from`, walking up the node_modules folders. */
function resolve(from, name) {
  for (let dir = from; ;) {
    const candidate = dir ? `${dir}/node_modules/${name}` : `node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (!dir) return null;
    const index = dir.lastIndexOf('node_modules/');
    dir = index <= 0 ? '' : dir.slice(0, index - 1);
  }
}

/** The node_modules folder that holds the package at `path` ('' is the project root). */
const folderOf = (path) =>
  path ? path.slice(0, path.lastIndexOf('node_modules/') + 'node_modules'.length) : 'node_modules';

let added = 0;
for (const [path, entry] of Object.entries({ ...packages })) {
  for (const [name, wanted] of Object.entries(entry.optionalDependencies ?? {})) {
    const found = resolve(path, name);
    const exact = /^\d+\.\d+\.\d+(-[\w.]+)?$/.test(wanted);
    // A range (e.g. fsevents "~2.3.3") is satisfied by whatever npm locked; only exact pins are checked.
    if (found && (!exact || packages[found].version === wanted)) continue;
    const version = wanted.replace(/^[~^>=<\s]+/, '');
    // Next to the package that wants it; one level deeper when another version already sits there.
    const sibling = `${folderOf(path)}/${name}`;
    const target = packages[sibling] ? `${path}/node_modules/${name}` : sibling;
    if (packages[target]) continue;
    packages[target] = { version, dev: entry.dev, optional: true, ...platformOf(name) };
    if (!entry.dev) delete packages[target].dev;
    added += 1;
  }
}
const sorted = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : 1)),
);
lock.packages = sorted;
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: ${added} optional platform entries added`);
