// The CDK app: the stack built from a build of the app, checked by cdk-nag's AWS Solutions rules.
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { buildEnv } from '../../build/security-headers.mjs';
import { cdkJsonContext } from './cdk-context.ts';
import { refuseLoopbackValues } from './loopback-values.ts';
import { REPO_ROOT } from './paths.ts';
import { acknowledgeAcceptedFindings } from './nag-suppressions.ts';
import { readSiteBuild } from './site-build.ts';
import { SnxtStack } from './snxt-stack.ts';

export interface AppOptions {
  /** The build to deploy (dist/). */
  readonly distDir: string;
  /** The VITE_* values it was built with; by default those `npm run build` reads now. */
  readonly env?: Record<string, string | undefined>;
  /** Context over cdk.json's (`snxt:guests`, `snxt:domainPrefix`, `snxt:stackName`). */
  readonly context?: Record<string, unknown>;
  /** The API's resources; default: those of api/resources.ts. */
  readonly resourceNames?: readonly string[];
}

export function createApp({
  distDir,
  env = buildEnv('production', REPO_ROOT),
  context = {},
  resourceNames,
}: AppOptions) {
  refuseLoopbackValues(env);
  const app = new App({ context: { ...cdkJsonContext(), ...context } });
  const option = (key: string) => app.node.tryGetContext(`snxt:${key}`);
  const stack = new SnxtStack(app, String(option('stackName')), {
    build: readSiteBuild(distDir, env),
    guests: option('guests') === true || option('guests') === 'true',
    domainPrefix: option('domainPrefix'),
    ...(resourceNames && { resourceNames }),
  });
  // Any finding not acknowledged here, with its reason, stops the synthesis.
  acknowledgeAcceptedFindings(stack);
  Validations.of(app).addPlugins(
    new AwsSolutionsChecks(app, { verbose: true, writeSuppressionsToCloudFormation: true }),
  );
  return { app, stack };
}
