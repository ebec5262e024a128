// `npm run lockfile`: npm leaves other platforms' optional builds out of the lock when its registry does not serve
// their versions, and `npm ci` then refuses the lock. This adds them with their os/cpu/libc and integrity; one the
// registry cannot vouch for is named, and scripts/package-lock.test.ts fails until it is reviewed.
import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { promisify } from 'node:util';

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(file, 'utf8'));
const packages = lock.packages;

const OS = ['android', 'darwin', 'freebsd', 'linux', 'win32', 'openharmony', 'sunos', 'aix', 'netbsd', 'openbsd'];
const CPU = ['arm64', 'x64', 'arm', 'ia32', 'ppc64', 's390x', 'riscv64', 'loong64', 'mips64el', 'wasm32'];

const platformFromName = (name) => {
  const parts = name.split('/').pop().split('-');
  const os = parts.find((part) => OS.includes(part));
  const cpu = parts.find((part) => CPU.includes(part)) ?? (parts.includes('gnueabihf') ? 'arm' : undefined);
  const libc = parts.includes('musl') ? 'musl' : parts.includes('gnu') ? 'glibc' : undefined;
  return { ...(os && { os: [os] }), ...(cpu && { cpu: [cpu] }), ...(libc && { libc: [libc] }) };
};

async function view(spec, fields) {
  try {
    const { stdout } = await promisify(execFile)('npm', ['view', spec, ...fields, '--json'], { encoding: 'utf8' });
    return stdout.trim() ? JSON.parse(stdout) : null;
  } catch {
    return null;
  }
}

async function registryFacts(name, version) {
  const exact = await view(`${name}@${version}`, ['dist.integrity', 'os', 'cpu', 'libc']);
  // A platform package runs on the same platform in every version: another version's metadata tells it.
  const platform = exact ?? (await view(name, ['os', 'cpu', 'libc']));
  const pick = (facts) =>
    Object.fromEntries(['os', 'cpu', 'libc'].filter((key) => facts?.[key]).map((key) => [key, facts[key]]));
  const fields = platform ? pick(platform) : platformFromName(name);
  return { integrity: exact?.['dist.integrity'], ...fields };
}

function resolve(from, name) {
  for (let dir = from; ;) {
    const candidate = dir ? `${dir}/node_modules/${name}` : `node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (!dir) return null;
    const index = dir.lastIndexOf('node_modules/');
    dir = index <= 0 ? '' : dir.slice(0, index - 1);
  }
}

const folderOf = (path) =>
  path ? path.slice(0, path.lastIndexOf('node_modules/') + 'node_modules'.length) : 'node_modules';

const nameOf = (path) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);

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
    packages[target] = { version, ...(entry.dev && { dev: true }), optional: true };
    added += 1;
  }
}

// Entries added now or by an earlier run that still lack integrity: ask the registry again, a few at a time.
const unvouched = [];
const queue = Object.entries(packages).filter(
  ([path, entry]) => path && !entry.link && !entry.inBundle && !entry.integrity && entry.optional,
);
for (let start = 0; start < queue.length; start += 8) {
  await Promise.all(
    queue.slice(start, start + 8).map(async ([path, entry]) => {
      const { integrity, ...platform } = await registryFacts(nameOf(path), entry.version);
      Object.assign(entry, integrity && { integrity }, platform);
      if (!integrity) unvouched.push(`${nameOf(path)}@${entry.version}`);
    }),
  );
}
unvouched.sort();

const sorted = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : 1)),
);
lock.packages = sorted;
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: ${added} optional platform entries added`);
if (unvouched.length > 0) {
  console.log(`The registry serves no integrity for ${unvouched.length} of them (never installed on this platform):`);
  for (const spec of unvouched) console.log(`  ${spec}`);
}
