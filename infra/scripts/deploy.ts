// `npm run infra:deploy [-- cdk deploy options]`: from nothing to the signed-in app on CloudFront (docs/deploying.md).
import { CloudFormationClient } from '@aws-sdk/client-cloudformation';
import { cdkJsonContext } from '../lib/cdk-context.ts';
import { buildTheApp, cdk } from '../lib/commands.ts';
import { cloudFormation, describeStack, writeLastDeploy } from '../lib/deployed-values.ts';
import { deployUntilSettled } from '../lib/deploy-rounds.ts';

const stackName = String(cdkJsonContext()['snxt:stackName']);
const client = new CloudFormationClient({ region: process.env.AWS_REGION || process.env.AWS_DEFAULT_REGION });

try {
  const region = await client.config.region().catch(() => {
    throw new Error('No AWS region: set AWS_REGION, or a region in your AWS profile');
  });
  // The CLI and this script must agree on the region; the account comes from the same credentials.
  const env = { AWS_REGION: region };
  const describe = cloudFormation(client);
  const deployed = await deployUntilSettled({
    describe: () => describeStack(describe, stackName),
    build: buildTheApp,
    bootstrap: () => cdk(['bootstrap'], env),
    deploy: (values) => cdk(['deploy', stackName, ...process.argv.slice(2)], { ...env, ...values }),
    record: writeLastDeploy,
    log: (message) => console.log(`\n${message}\n`),
  });
  console.log(`\nSnxt is at ${deployed.siteUrl} (${stackName}, ${region}). The first user: docs/deploying.md.`);
} catch (error) {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  console.error(`\nThe deploy stopped. ${message}\nPrerequisites and troubleshooting: docs/deploying.md`);
  process.exitCode = 1;
}
