// `npm run infra:install`: npm ci in infra/ (the CDK app's own packages) when its lock is newer than its install.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const infra = fileURLToPath(new URL('../infra/', import.meta.url));
const modified = (file) => (existsSync(infra + file) ? statSync(infra + file).mtimeMs : 0);
const lockWrittenByLastInstall = 'node_modules/.package-lock.json';

if (modified(lockWrittenByLastInstall) < Math.max(modified('package.json'), modified('package-lock.json'))) {
  const npm = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], {
    cwd: infra,
    stdio: 'inherit',
    shell: process.platform === 'win32',
  });
  process.exit(npm.status ?? 1);
}
