// `npm --prefix infra run cdk -- <command>` (and `npm run infra:synth`): the CDK CLI on the app built with the last
// deploy's values (none before the first deploy), so the template is the deployed one; offline for `synth`.
// `--dist=DIR` takes that build as it is instead: the environment must then hold the VITE_* values it was made with.
import { resolve } from 'node:path';
import { buildTheApp, cdk } from '../lib/commands.ts';
import { readLastDeploy } from '../lib/deployed-values.ts';

const args = process.argv.slice(2);
const dist = args.find((arg) => arg.startsWith('--dist='))?.slice('--dist='.length);
const command = args.filter((arg) => !arg.startsWith('--dist='));
try {
  if (dist) {
    cdk(command, { SNXT_DIST_DIR: resolve(process.env.INIT_CWD ?? '.', dist) });
  } else {
    const values = readLastDeploy();
    buildTheApp(values);
    cdk(command, values);
  }
  if (command[0] === 'synth') console.log('The template is in infra/cdk.out/.');
} catch (error) {
  console.error(`\n${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
