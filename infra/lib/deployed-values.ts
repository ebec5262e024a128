// The build values of the stack as deployed: read from CloudFormation, and kept for an offline `infra:synth`.
import { CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BUILD_VALUE_OUTPUTS, type BuildValues, buildValuesOf } from './outputs.ts';
import { INFRA_DIR } from './paths.ts';

export interface DeployedStack {
  readonly values: BuildValues;
  readonly siteUrl: string | undefined;
}

type Describe = (
  stackName: string,
) => Promise<{ Stacks?: { Outputs?: { OutputKey?: string; OutputValue?: string }[] }[] }>;

/** `null` when there is no such stack yet. */
export async function describeStack(describe: Describe, stackName: string): Promise<DeployedStack | null> {
  try {
    const outputs = (await describe(stackName)).Stacks?.[0]?.Outputs ?? [];
    return {
      values: buildValuesOf(outputs),
      siteUrl: outputs.find((output) => output.OutputKey === 'SiteUrl')?.OutputValue,
    };
  } catch (error) {
    if (error instanceof Error && error.name === 'ValidationError' && /does not exist/.test(error.message)) return null;
    throw error;
  }
}

export const cloudFormation =
  (client: CloudFormationClient): Describe =>
  (stackName) =>
    client.send(new DescribeStacksCommand({ StackName: stackName }));

/** Written by every deploy, read by `npm run infra:synth` (gitignored: another account has other values). */
const LAST_DEPLOY_FILE = join(INFRA_DIR, 'last-deploy.json');

export const writeLastDeploy = (values: BuildValues) =>
  writeFileSync(LAST_DEPLOY_FILE, `${JSON.stringify(values, null, 2)}\n`);

export function readLastDeploy(file = LAST_DEPLOY_FILE): BuildValues {
  if (!existsSync(file)) return {};
  let stored: unknown;
  try {
    stored = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    throw new Error(`${file} is not the JSON a deploy writes: delete it, or deploy again`);
  }
  const values: BuildValues = {};
  if (typeof stored !== 'object' || stored === null) return values;
  for (const variable of Object.values(BUILD_VALUE_OUTPUTS)) {
    const value: unknown = Object.hasOwn(stored, variable) ? (stored as Record<string, unknown>)[variable] : undefined;
    if (typeof value === 'string' && value) values[variable] = value;
  }
  return values;
}
