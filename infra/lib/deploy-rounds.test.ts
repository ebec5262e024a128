import { describe, expect, it } from 'vitest';
import type { DeployedStack } from './deployed-values.ts';
import { deployUntilSettled } from './deploy-rounds.ts';
import type { BuildValues } from './outputs.ts';

const OUTPUTS: BuildValues = {
  VITE_OIDC_AUTHORITY: 'https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_AbC',
  VITE_OIDC_CLIENT_ID: 'client',
  VITE_COGNITO_DOMAIN: 'https://snxt-1.auth.eu-west-1.amazoncognito.com',
  VITE_COGNITO_IDENTITY_POOL_ID: 'eu-west-1:0f8b2d3e-4c5a-4b6d-8e7f-9a0b1c2d3e4f',
};

/** A stack whose outputs after each deploy are the next of `afterDeploys`; records what was done. */
function fakeAws(before: BuildValues | null, afterDeploys: BuildValues[]) {
  const steps: string[] = [];
  let current: DeployedStack | null = before && { values: before, siteUrl: 'https://d1.cloudfront.net/' };
  let deploys = 0;
  const run = () =>
    deployUntilSettled({
      describe: async () => current,
      build: (values) => steps.push(`build ${JSON.stringify(values)}`),
      bootstrap: () => steps.push('bootstrap'),
      deploy: (values) => {
        steps.push(`deploy ${JSON.stringify(values)}`);
        current = {
          values: afterDeploys[Math.min(deploys, afterDeploys.length - 1)]!,
          siteUrl: 'https://d1.cloudfront.net/',
        };
        deploys += 1;
      },
      record: (values) => steps.push(`record ${JSON.stringify(values)}`),
      log: () => {},
    });
  return { steps, run };
}

describe('the deploy', () => {
  it('from nothing: bootstraps, deploys the app, then builds it with the new outputs and deploys again', async () => {
    const aws = fakeAws(null, [OUTPUTS]);
    const deployed = await aws.run();
    expect(aws.steps).toEqual([
      'build {}',
      'bootstrap',
      'deploy {}',
      `record ${JSON.stringify(OUTPUTS)}`,
      `build ${JSON.stringify(OUTPUTS)}`,
      `deploy ${JSON.stringify(OUTPUTS)}`,
      `record ${JSON.stringify(OUTPUTS)}`,
    ]);
    expect(deployed).toEqual({ values: OUTPUTS, siteUrl: 'https://d1.cloudfront.net/' });
  });

  it('of a deployed stack: builds with its outputs and deploys once, never without sign-in', async () => {
    const aws = fakeAws(OUTPUTS, [OUTPUTS]);
    await aws.run();
    expect(aws.steps).toEqual([
      `build ${JSON.stringify(OUTPUTS)}`,
      `deploy ${JSON.stringify(OUTPUTS)}`,
      `record ${JSON.stringify(OUTPUTS)}`,
    ]);
  });

  it('that changes an output (a new domain prefix) builds with the new value and deploys again', async () => {
    const moved = { ...OUTPUTS, VITE_COGNITO_DOMAIN: 'https://team-snxt.auth.eu-west-1.amazoncognito.com' };
    const aws = fakeAws(OUTPUTS, [moved]);
    await aws.run();
    expect(aws.steps.filter((step) => step.startsWith('deploy'))).toEqual([
      `deploy ${JSON.stringify(OUTPUTS)}`,
      `deploy ${JSON.stringify(moved)}`,
    ]);
  });

  it('stops, saying so, when the outputs keep changing', async () => {
    const aws = fakeAws(null, [
      OUTPUTS,
      { ...OUTPUTS, VITE_OIDC_CLIENT_ID: 'another' },
      { ...OUTPUTS, VITE_OIDC_CLIENT_ID: 'third' },
    ]);
    await expect(aws.run()).rejects.toThrow(/still changing after 2 deploys/);
  });
});
