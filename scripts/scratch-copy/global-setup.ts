// Once before the copies link to them: the CDK app's packages, which knip reads.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { REPOSITORY } from './scratch-copy';

export default function installInfra() {
  const install = spawnSync(process.execPath, [join(REPOSITORY, 'scripts/infra-install.mjs')], {
    cwd: REPOSITORY,
    encoding: 'utf8',
  });
  if (install.status !== 0) throw new Error(`infra:install failed:\n${install.stdout}${install.stderr}`);
}
