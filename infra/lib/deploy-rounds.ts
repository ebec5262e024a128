// One command from nothing: build the app with the stack's outputs and deploy, again while the deploy changes them.
import { isDeepStrictEqual } from 'node:util';
import type { DeployedStack } from './deployed-values.ts';
import type { BuildValues } from './outputs.ts';

export interface DeploySteps {
  describe(): Promise<DeployedStack | null>;
  build(values: BuildValues): void;
  /** Once, before the first deploy to an account and region: CDK's own bucket and roles. */
  bootstrap(): void;
  deploy(values: BuildValues): void;
  record(values: BuildValues): void;
  log(message: string): void;
}

const MAX_ROUNDS = 2;

export async function deployUntilSettled(steps: DeploySteps): Promise<DeployedStack> {
  const before = await steps.describe();
  let values = before?.values ?? {};
  steps.log(
    before
      ? 'Building the app with the stack\u2019s outputs.'
      : 'No stack yet: the first round deploys the app without sign-in, the second builds it with the new outputs.',
  );
  for (let round = 1; round <= MAX_ROUNDS; round += 1) {
    steps.build(values);
    if (!before && round === 1) steps.bootstrap();
    steps.deploy(values);
    const after = await steps.describe();
    if (!after) throw new Error('The stack is not there after its deploy');
    steps.record(after.values);
    if (isDeepStrictEqual(after.values, values)) return after;
    steps.log('The deploy changed the stack\u2019s outputs: building the app with them and deploying again.');
    values = after.values;
  }
  throw new Error(
    `The stack's outputs were still changing after ${MAX_ROUNDS} deploys; run npm run infra:deploy again`,
  );
}
