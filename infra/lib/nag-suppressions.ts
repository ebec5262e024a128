// The AWS Solutions findings this stack accepts, each with its reason; any other finding stops the synthesis.
import { type CfnElement, type Stack, Validations } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';
import type { SnxtStack } from './snxt-stack.ts';

/** The CloudFormation resource of a construct, where cdk-nag reports its findings. */
function resourceOf(construct: IConstruct): IConstruct {
  const resource = construct.node.defaultChild;
  if (!resource) throw new Error(`${construct.node.path} has no CloudFormation resource`);
  return resource;
}

/** The function behind every BucketDeployment of a stack, with its role and policy. */
function uploadHandler(stack: Stack): IConstruct {
  const handler = stack.node.children.find((child) => child.node.id.startsWith('Custom::CDKBucketDeployment'));
  if (!handler) throw new Error('The stack has no BucketDeployment handler');
  return handler;
}

export function acknowledgeAcceptedFindings(stack: SnxtStack) {
  const { site, signIn, api } = stack;
  Validations.of(resourceOf(api.handler)).acknowledge({
    id: 'AwsSolutions-L1',
    reason:
      'The API handler is bundled for and tested on Node.js 22 (esbuild target node22), a long-term support line ' +
      'Lambda runs; a newer runtime is a change of its own, made with the repository\u2019s Node version.',
  });
  const logs =
    'Request logs cost storage and hold visitors\u2019 IP addresses; turn on CloudFront standard logging when ' +
    'you need them (docs/deploying.md).';
  Validations.of(resourceOf(site.bucket)).acknowledge({ id: 'AwsSolutions-S1', reason: logs });
  Validations.of(resourceOf(site.distribution)).acknowledge(
    { id: 'AwsSolutions-CFR3', reason: logs },
    {
      id: 'AwsSolutions-CFR1',
      reason: 'The app is for visitors anywhere; add a geo restriction where a market requires one.',
    },
    {
      id: 'AwsSolutions-CFR2',
      reason:
        'Only static files behind it and sign-in is Cognito\u2019s, with its own threat protection; a web ACL ' +
        'costs from $5 a month plus requests: attach one (webAclId) when traffic calls for it.',
    },
    {
      id: 'AwsSolutions-CFR4',
      reason:
        'The default *.cloudfront.net certificate fixes the TLS policy; with your own domain and certificate set ' +
        'minimumProtocolVersion to TLSv1.2_2021.',
    },
  );
  Validations.of(site.distribution).acknowledge({
    id: 'Annotation::@aws-cdk/aws-cloudfront-origins:listBucketSecurityRisk',
    reason:
      'The viewer-request function sends / and every path that is no file of the build (or under /assets/) to a ' +
      'page, so no request lists the bucket; listing only turns a missing file into 404.',
  });
  if (signIn.guests) {
    Validations.of(resourceOf(signIn.identityPool)).acknowledge({
      id: 'AwsSolutions-COG7',
      reason: 'Guests were turned on in cdk.json (snxt:guests); their role has no permissions until you add some.',
    });
  }
  Validations.of(resourceOf(signIn.userPool)).acknowledge({
    id: 'AwsSolutions-COG2',
    reason: 'MFA is optional by design: each user may add a TOTP app; threat protection guards the rest.',
  });
  const bucketArn = stack.getLogicalId(site.bucket.node.defaultChild as CfnElement);
  const cdkCode =
    'BucketDeployment\u2019s handler (aws-cdk-lib), which copies the build into the site bucket and clears the ' +
    'edge caches';
  const handler = uploadHandler(stack);
  const role = handler.node.findChild('ServiceRole');
  Validations.of(handler.node.findChild('Resource')).acknowledge({
    id: 'AwsSolutions-L1',
    reason: `${cdkCode}: aws-cdk-lib picks its runtime and moves it on with its releases.`,
  });
  Validations.of(role.node.findChild('Resource')).acknowledge({
    id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
    reason: `${cdkCode}: the AWS managed policy only lets it write its own logs.`,
  });
  Validations.of(role.node.findChild('DefaultPolicy')).acknowledge(
    ...['s3:GetBucket*', 's3:GetObject*', 's3:List*'].map((action) => ({
      id: `AwsSolutions-IAM5[Action::${action}]`,
      reason: `${cdkCode}: aws-cdk-lib's read grant, on the CDK asset bucket and the site bucket only.`,
    })),
    {
      id: 'AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:s3:::cdk-hnb659fds-assets-<AWS::AccountId>-<AWS::Region>/*]',
      reason: `${cdkCode}: it reads the build's zip from the CDK bootstrap asset bucket.`,
    },
    ...['s3:Abort*', 's3:DeleteObject*'].map((action) => ({
      id: `AwsSolutions-IAM5[Action::${action}]`,
      reason: `${cdkCode}: aws-cdk-lib's write grant, on the site bucket's objects only.`,
    })),
    {
      id: `AwsSolutions-IAM5[Resource::<${bucketArn}.Arn>/*]`,
      reason: `${cdkCode}: it writes the build's files, which are every object of the site bucket.`,
    },
    {
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason: `${cdkCode}: cloudfront:CreateInvalidation and GetInvalidation, which aws-cdk-lib grants on *.`,
    },
  );
}
