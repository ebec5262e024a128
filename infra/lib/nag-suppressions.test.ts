import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { describe, expect, it } from 'vitest';
import { createApp } from './app.ts';
import { cdkJsonContext } from './cdk-context.ts';
import { readSiteBuild } from './site-build.ts';
import { SnxtStack } from './snxt-stack.ts';
import { writeTestBuild } from './test-support.ts';

const distDir = writeTestBuild();
/** The checks read the template: the API's bundle is not needed (lib/snxt-stack.test.ts builds it). */
const NO_BUNDLING = { 'aws:cdk:bundling-stacks': [] };

/** Every acknowledgment in the tree: rule id → reason. */
function acknowledgments(root: IConstruct): Map<string, string> {
  const found = new Map<string, string>();
  for (const construct of root.node.findAll()) {
    for (const entry of construct.node.metadata) {
      if (entry.type !== Validations.ACKNOWLEDGED_RULES_METADATA_KEY) continue;
      for (const [id, reason] of Object.entries(entry.data as Record<string, string>)) {
        found.set(`${construct.node.path} ${id.replace(/^annotation::/i, '')}`, reason);
      }
    }
  }
  return found;
}

/** The AWS Solutions findings on the stack as built with these options, before any acknowledgment. */
function findings(context: Record<string, unknown> = {}) {
  const app = new App({ context: { ...cdkJsonContext(), ...NO_BUNDLING, ...context } });
  new SnxtStack(app, 'Snxt', {
    build: readSiteBuild(distDir, {}),
    guests: context['snxt:guests'] === true,
  });
  const report = new AwsSolutionsChecks(app).validateScope(app);
  return report.violations.flatMap((violation) =>
    violation.violatingResources.map((resource) => `${resource.constructPath} ${violation.ruleName}`),
  );
}

/** `Snxt/Site/Files/Resource AwsSolutions-S1` is answered by an acknowledgment on that construct or above it. */
const answers = (acknowledged: string, finding: string) => {
  const [path, id] = acknowledged.split(' ');
  const [findingPath, findingId] = finding.split(' ');
  return id === findingId && (findingPath === path || findingPath!.startsWith(`${path}/`));
};

describe.each([
  ['as configured', {}],
  ['with guests', { 'snxt:guests': true }],
])('cdk-nag AWS Solutions checks on the stack %s', (_name, context: Record<string, unknown>) => {
  const { app } = createApp({ distDir, env: {}, context: { ...NO_BUNDLING, ...context } });
  const acknowledged = acknowledgments(app);
  const nagAcknowledged = [...acknowledged.keys()].filter((key) => key.includes(' AwsSolutions-'));

  it('find nothing that is not acknowledged', () => {
    const report = new AwsSolutionsChecks(app).validateScope(app);
    expect(report.violations).toEqual([]);
    expect(report.success).toBe(true);
  });

  it('have a reason for every acknowledgment', () => {
    expect(acknowledged.size).toBeGreaterThan(0);
    for (const [id, reason] of acknowledged) {
      expect(reason.length, id).toBeGreaterThanOrEqual(40);
      expect(reason, id).toMatch(/[.!]$/);
    }
  });

  it('acknowledge only findings there are, and each on its own resource', () => {
    const open = findings(context);
    expect(open.length).toBe(nagAcknowledged.length);
    for (const finding of open)
      expect(
        nagAcknowledged.filter((ack) => answers(ack, finding)),
        finding,
      ).toHaveLength(1);
    for (const ack of nagAcknowledged)
      expect(
        open.some((finding) => answers(ack, finding)),
        ack,
      ).toBe(true);
  });
});
