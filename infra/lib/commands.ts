// The commands the synth and deploy scripts run: the app's build and the CDK CLI.
import { spawnSync } from 'node:child_process';
import { buildEnv } from '../../build/security-headers.mjs';
import { refuseLoopbackValues } from './loopback-values.ts';
import { INFRA_DIR, REPO_ROOT } from './paths.ts';

type Env = Record<string, string | undefined>;

function run(command: string, args: string[], cwd: string, env: Env) {
  const result = spawnSync(command, args, { cwd, env, stdio: 'inherit', shell: process.platform === 'win32' });
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(' ')} failed (${result.error?.message ?? `exit ${result.status}`})`);
}

/** `npm run build` in the repository, with these VITE_* values over the environment's and the .env files'. */
export function buildTheApp(values: Env) {
  refuseLoopbackValues({ ...buildEnv('production', REPO_ROOT), ...values });
  run('npm', ['run', 'build'], REPO_ROOT, { ...process.env, ...values });
}

/** The CDK CLI in infra/; the app it runs reads the same values (its CSP is computed again from them). */
export const cdk = (args: string[], env: Env) => run('npx', ['cdk', ...args], INFRA_DIR, { ...process.env, ...env });
