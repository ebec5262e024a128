import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { INFRA_DIR } from './paths.ts';

/** cdk.json's context: CDK's feature flags and the app's options (`snxt:stackName`, `snxt:guests`, …). */
export const cdkJsonContext = (): Record<string, unknown> =>
  JSON.parse(readFileSync(join(INFRA_DIR, 'cdk.json'), 'utf8')).context;
