import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Token } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { RESOURCES } from '../../api/resources.ts';
import { createApp } from './app.ts';
import { readSiteBuild } from './site-build.ts';
import { headersSentBy, type ViewerRequest, viewerRequest, writeTestBuild } from './test-support.ts';
import { viewerRequestCode } from './viewer-request.ts';

const ENV = {
  VITE_OIDC_AUTHORITY: 'https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_AbC',
  VITE_OIDC_CLIENT_ID: 'client',
  VITE_COGNITO_DOMAIN: 'https://snxt-example.auth.eu-west-1.amazoncognito.com',
  VITE_COGNITO_IDENTITY_POOL_ID: 'eu-west-1:0f8b2d3e-4c5a-4b6d-8e7f-9a0b1c2d3e4f',
  VITE_ERROR_REPORT_URL: 'https://errors.example.com/snxt',
};
const IMMUTABLE = 'public, max-age=31536000, immutable';
const RESOURCE_NAMES = ['notes', 'time-sheets'];

let distDir: string;
let template: Template;
let stackIsAgnostic: boolean;
/** The cloud assembly's folder, where the API's bundle is. */
let assemblyDir: string;

beforeAll(() => {
  distDir = writeTestBuild(ENV);
  // Two resources of the test's own: the routes do not depend on what api/resources.ts holds.
  const { app, stack } = createApp({ distDir, env: ENV, resourceNames: RESOURCE_NAMES });
  stackIsAgnostic = Token.isUnresolved(stack.account) && Token.isUnresolved(stack.region);
  template = Template.fromStack(stack);
  assemblyDir = app.synth().directory;
});

const only = (type: string) => {
  const resources = Object.entries(template.findResources(type));
  expect(resources.length, type).toBe(1);
  return { id: resources[0]![0], ...resources[0]![1] } as { id: string; Properties: Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any -- template JSON
};
const ref = (type: string) => ({ Ref: only(type).id });
const distributionOrigin = () => ({
  'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [only('AWS::CloudFront::Distribution').id, 'DomainName'] }, '/']],
});

describe('the stack', () => {
  it('names no account or region: one template for any of them, synthesized offline', () => {
    expect(stackIsAgnostic).toBe(true);
    expect(JSON.stringify(template.toJSON())).not.toMatch(/\b\d{12}\b/);
  });
});

describe('the site bucket', () => {
  it('is private, encrypted and refuses plain HTTP', () => {
    template.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      BucketEncryption: {
        ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
      },
      OwnershipControls: { Rules: [{ ObjectOwnership: 'BucketOwnerEnforced' }] },
    });
    template.hasResourceProperties('AWS::S3::BucketPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Effect: 'Deny',
            Action: 's3:*',
            Principal: { AWS: '*' },
            Condition: { Bool: { 'aws:SecureTransport': 'false' } },
          }),
        ]),
      },
    });
  });

  it('lets only this distribution read it, through origin access control', () => {
    const statements: { Effect: string; Principal: unknown; Condition?: unknown }[] =
      only('AWS::S3::BucketPolicy').Properties.PolicyDocument.Statement;
    const allowed = statements.filter((statement) => statement.Effect === 'Allow');
    const cloudFront = allowed.filter((statement) => JSON.stringify(statement.Principal).includes('cloudfront'));
    expect(cloudFront).toEqual([
      expect.objectContaining({
        Principal: { Service: 'cloudfront.amazonaws.com' },
        Action: ['s3:GetObject', 's3:ListBucket'],
        Condition: { StringEquals: { 'AWS:SourceArn': expect.anything() } },
      }),
    ]);
    expect(JSON.stringify(cloudFront[0]!.Condition)).toContain(only('AWS::CloudFront::Distribution').id);
    // The other is the auto-delete handler's, which empties the bucket when the stack goes.
    expect(allowed.every((statement) => JSON.stringify(statement.Principal) !== '{"AWS":"*"}')).toBe(true);
    template.hasResourceProperties('AWS::CloudFront::OriginAccessControl', {
      OriginAccessControlConfig: {
        OriginAccessControlOriginType: 's3',
        SigningBehavior: 'always',
        SigningProtocol: 'sigv4',
      },
    });
  });
});

describe('the distribution', () => {
  it('serves HTTPS only (HTTP redirects), over HTTP/2 and HTTP/3, compressed', () => {
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        HttpVersion: 'http2and3',
        DefaultRootObject: 'index.html',
        Origins: [
          Match.objectLike({
            OriginAccessControlId: { 'Fn::GetAtt': [only('AWS::CloudFront::OriginAccessControl').id, 'Id'] },
            S3OriginConfig: { OriginAccessIdentity: '' },
          }),
        ],
        DefaultCacheBehavior: Match.objectLike({
          ViewerProtocolPolicy: 'redirect-to-https',
          Compress: true,
          AllowedMethods: ['GET', 'HEAD'],
          // CachingOptimized: it honours each file's Cache-Control (a year at most).
          CachePolicyId: '658327ea-f89d-4fab-a63d-7e88639e58f6',
          ResponseHeadersPolicyId: ref('AWS::CloudFront::ResponseHeadersPolicy'),
          FunctionAssociations: [
            {
              EventType: 'viewer-request',
              FunctionARN: { 'Fn::GetAtt': [only('AWS::CloudFront::Function').id, 'FunctionARN'] },
            },
          ],
        }),
      }),
    });
  });

  it('keeps an error for seconds, never a page in its place', () => {
    const { CustomErrorResponses } = only('AWS::CloudFront::Distribution').Properties.DistributionConfig;
    expect(CustomErrorResponses).toEqual([
      { ErrorCode: 403, ErrorCachingMinTTL: 10 },
      { ErrorCode: 404, ErrorCachingMinTTL: 10 },
    ]);
  });

  it('sends exactly the headers the build wrote, on every answer', () => {
    const build = readSiteBuild(distDir, ENV);
    const config = only('AWS::CloudFront::ResponseHeadersPolicy').Properties.ResponseHeadersPolicyConfig;
    expect(headersSentBy(config)).toEqual(build.headers);
    expect(build.headers).toMatchObject({
      'Content-Security-Policy': expect.stringMatching(/script-src 'self' 'sha256-[^']+' 'sha256-[^']+';/),
      'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
      'Cross-Origin-Opener-Policy': 'same-origin',
      'Referrer-Policy': 'no-referrer',
      'X-Content-Type-Options': 'nosniff',
      'X-Frame-Options': 'DENY',
      'Reporting-Endpoints': 'snxt-csp="https://errors.example.com/snxt"',
    });
    expect(build.headers['Content-Security-Policy']).toContain("require-trusted-types-for 'script'; trusted-types");
  });
});

describe('the viewer-request function', () => {
  it("runs on CloudFront's JavaScript 2.0 runtime with the build's pages", () => {
    const fn = only('AWS::CloudFront::Function');
    expect(fn.Properties.FunctionConfig.Runtime).toBe('cloudfront-js-2.0');
    expect(fn.Properties.AutoPublish).toBe(true);
    expect(fn.Properties.FunctionCode).toBe(viewerRequestCode(readSiteBuild(distDir, ENV)));
  });

  it('as deployed, answers the sample requests', () => {
    const run = viewerRequest(only('AWS::CloudFront::Function').Properties.FunctionCode);
    const uriOf = (path: string) => (run(path) as ViewerRequest).uri;
    expect(uriOf('/')).toBe('/index.html');
    expect(uriOf('/settings')).toBe('/settings.html');
    expect(uriOf('/orders/42')).toBe('/index.html');
    expect(uriOf('/assets/x.js')).toBe('/assets/x.js');
    expect(uriOf('/v1.2/notes')).toBe('/index.html');
    expect(uriOf('/users/john.doe')).toBe('/index.html');
    expect(uriOf('/robots.txt')).toBe('/robots.txt');
    expect(uriOf('/icons/icon-192.png')).toBe('/icons/icon-192.png');
    expect(uriOf('/assets/%2e%2e/_headers')).toBe('/index.html');
    expect(run('/_headers')).toMatchObject({ statusCode: 404 });
    expect(run('/nginx-security-headers.conf')).toMatchObject({ statusCode: 404 });
  });
});

describe("the build's upload", () => {
  interface Upload {
    id: string;
    include: string[];
    metadata: Record<string, string>;
    dependsOn: string[];
    invalidates: unknown;
  }
  const uploads = (): Upload[] =>
    Object.entries(template.findResources('Custom::CDKBucketDeployment')).map(([id, resource]) => ({
      id,
      include: resource.Properties.Include,
      metadata: resource.Properties.SystemMetadata,
      dependsOn: resource.DependsOn ?? [],
      invalidates: resource.Properties.DistributionPaths,
    }));
  const uploadOf = (file: string) => {
    const found = uploads().filter((upload) => upload.include.includes(file));
    expect(found.length, file).toBe(1);
    return found[0]!;
  };

  it('sends each file of the build once, with its content type and caching, and nothing else', () => {
    const build = readSiteBuild(distDir, ENV);
    expect(
      uploads()
        .flatMap((upload) => upload.include)
        .sort(),
    ).toEqual([...build.files].sort());
    expect(uploadOf('index.html').metadata).toEqual({
      'cache-control': 'no-cache',
      'content-type': 'text/html; charset=utf-8',
    });
    expect(uploadOf('settings.html').metadata['cache-control']).toBe('no-cache');
    expect(uploadOf('sw.js').metadata).toEqual({
      'cache-control': 'no-cache',
      'content-type': 'text/javascript; charset=utf-8',
    });
    expect(uploadOf('assets/index-AbC123.js').metadata).toEqual({
      'cache-control': IMMUTABLE,
      'content-type': 'text/javascript; charset=utf-8',
    });
    expect(uploadOf('assets/index-Xyz789.css').metadata['cache-control']).toBe(IMMUTABLE);
    expect(uploadOf('assets/i18n/en.json').metadata['cache-control']).toBe('no-cache');
    expect(uploadOf('manifest.webmanifest').metadata['content-type']).toBe('application/manifest+json');
    for (const upload of uploads()) {
      expect(template.toJSON().Resources[upload.id].Properties).toMatchObject({ Exclude: ['*'], Prune: false });
    }
  });

  it('uploads the pages last and then clears the edge caches, so a page never names a file not there yet', () => {
    const pages = uploadOf('index.html');
    const others = uploads().filter((upload) => upload !== pages && upload.id !== pages.id);
    expect(others.length).toBeGreaterThan(1);
    for (const other of others) {
      expect(pages.dependsOn).toContain(other.id);
      expect(other.invalidates).toBeUndefined();
    }
    expect(pages.invalidates).toEqual(['/*']);
  });

  it('makes one AWS CLI layer for all of them (aws/aws-cdk#32907)', () => {
    template.resourceCountIs('AWS::Lambda::LayerVersion', 1);
  });
});

describe('the user pool', () => {
  it('signs in with a verified email, a strong password and optional TOTP, threat protection on', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      UsernameConfiguration: { CaseSensitive: false },
      Policies: {
        PasswordPolicy: {
          MinimumLength: 12,
          RequireLowercase: true,
          RequireUppercase: true,
          RequireNumbers: true,
          RequireSymbols: true,
          TemporaryPasswordValidityDays: 3,
          PasswordHistorySize: 5,
        },
      },
      MfaConfiguration: 'OPTIONAL',
      EnabledMfas: ['SOFTWARE_TOKEN_MFA'],
      UserPoolTier: 'PLUS',
      UserPoolAddOns: { AdvancedSecurityMode: 'ENFORCED' },
      AccountRecoverySetting: { RecoveryMechanisms: [{ Name: 'verified_email', Priority: 1 }] },
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: true },
      DeletionProtection: 'ACTIVE',
    });
    template.hasResource('AWS::Cognito::UserPool', { DeletionPolicy: 'Retain', UpdateReplacePolicy: 'Retain' });
  });

  it('has the group snxt-editors', () => {
    template.hasResourceProperties('AWS::Cognito::UserPoolGroup', {
      GroupName: 'snxt-editors',
      UserPoolId: ref('AWS::Cognito::UserPool'),
    });
  });

  it('signs in on a managed login domain, styled for the app client', () => {
    template.hasResourceProperties('AWS::Cognito::UserPoolDomain', {
      Domain: { 'Fn::Join': ['', ['snxt-', { Ref: 'AWS::AccountId' }]] },
      ManagedLoginVersion: 2,
      UserPoolId: ref('AWS::Cognito::UserPool'),
    });
    template.hasResourceProperties('AWS::Cognito::ManagedLoginBranding', {
      UserPoolId: ref('AWS::Cognito::UserPool'),
      ClientId: ref('AWS::Cognito::UserPoolClient'),
      UseCognitoProvidedValues: true,
    });
  });
});

describe('the app client', () => {
  it('is public, code flow only, with exactly the seed scopes, back to the site origin + /', () => {
    const client = only('AWS::Cognito::UserPoolClient').Properties;
    expect(client).toMatchObject({
      GenerateSecret: false,
      AllowedOAuthFlowsUserPoolClient: true,
      AllowedOAuthFlows: ['code'],
      SupportedIdentityProviders: ['COGNITO'],
      CallbackURLs: [distributionOrigin()],
      LogoutURLs: [distributionOrigin()],
      EnableTokenRevocation: true,
      PreventUserExistenceErrors: 'ENABLED',
      ExplicitAuthFlows: ['ALLOW_USER_SRP_AUTH', 'ALLOW_USER_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
    });
    expect([...client.AllowedOAuthScopes].sort()).toEqual(['email', 'openid', 'profile']);
  });
});

describe('the identity pool', () => {
  it('takes this client as its provider, and no guests', () => {
    template.hasResourceProperties('AWS::Cognito::IdentityPool', {
      AllowUnauthenticatedIdentities: false,
      CognitoIdentityProviders: [
        {
          ClientId: ref('AWS::Cognito::UserPoolClient'),
          ProviderName: Match.objectLike({
            'Fn::Join': ['', Match.arrayWith(['cognito-idp.', ref('AWS::Cognito::UserPool')])],
          }),
          ServerSideTokenCheck: true,
        },
      ],
    });
  });

  it("gives signed-in users a role trusted only for this pool's authenticated identities, with no permissions", () => {
    const pool = only('AWS::Cognito::IdentityPool').id;
    const roles = template.findResources('AWS::IAM::Role', {
      Properties: {
        AssumeRolePolicyDocument: {
          Statement: [Match.objectLike({ Principal: { Federated: 'cognito-identity.amazonaws.com' } })],
        },
      },
    });
    const authenticated = Object.entries(roles).find(([, role]) => JSON.stringify(role).includes('"authenticated"'));
    expect(authenticated).toBeDefined();
    const [roleId, role] = authenticated!;
    expect(role.Properties.AssumeRolePolicyDocument.Statement).toEqual([
      {
        Action: 'sts:AssumeRoleWithWebIdentity',
        Effect: 'Allow',
        Principal: { Federated: 'cognito-identity.amazonaws.com' },
        Condition: {
          StringEquals: { 'cognito-identity.amazonaws.com:aud': { Ref: pool } },
          'ForAnyValue:StringLike': { 'cognito-identity.amazonaws.com:amr': 'authenticated' },
        },
      },
    ]);
    expect(role.Properties.ManagedPolicyArns).toBeUndefined();
    expect(role.Properties.Policies).toBeUndefined();
    const policies = Object.values(template.findResources('AWS::IAM::Policy'));
    expect(policies.filter((policy) => JSON.stringify(policy.Properties.Roles).includes(roleId))).toEqual([]);
    template.hasResourceProperties('AWS::Cognito::IdentityPoolRoleAttachment', {
      IdentityPoolId: { Ref: pool },
      Roles: Match.objectLike({ authenticated: { 'Fn::GetAtt': [roleId, 'Arn'] } }),
    });
  });
});

describe('the product API', () => {
  const handlerId = () =>
    Object.keys(template.findResources('AWS::Lambda::Function', { Properties: { Runtime: 'nodejs22.x' } }))[0]!;
  const tableId = () => only('AWS::DynamoDB::GlobalTable').id;
  const apiId = () => only('AWS::ApiGatewayV2::Api').id;

  it('keeps items in a DynamoDB table on demand, with point-in-time recovery, deletion protection and AWS-managed encryption, kept when the stack goes', () => {
    const table = only('AWS::DynamoDB::GlobalTable');
    expect(table.Properties).toEqual({
      AttributeDefinitions: [
        { AttributeName: 'pk', AttributeType: 'S' },
        { AttributeName: 'sk', AttributeType: 'S' },
      ],
      BillingMode: 'PAY_PER_REQUEST',
      KeySchema: [
        { AttributeName: 'pk', KeyType: 'HASH' },
        { AttributeName: 'sk', KeyType: 'RANGE' },
      ],
      Replicas: [
        {
          DeletionProtectionEnabled: true,
          PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
          Region: { Ref: 'AWS::Region' },
        },
      ],
      SSESpecification: { SSEEnabled: true, SSEType: 'KMS' },
    });
    template.hasResource('AWS::DynamoDB::GlobalTable', { DeletionPolicy: 'Retain', UpdateReplacePolicy: 'Retain' });
  });

  it('runs the handler on Lambda, Node.js 22 on arm64, allowed its table and its own logs only', () => {
    const handler = template.toJSON().Resources[handlerId()];
    expect(handler.Properties).toMatchObject({
      Runtime: 'nodejs22.x',
      Architectures: ['arm64'],
      Handler: 'index.handler',
      Environment: {
        Variables: {
          TABLE_NAME: { Ref: tableId() },
          CLIENT_IDS: ref('AWS::Cognito::UserPoolClient'),
          ALLOWED_ORIGINS: {
            'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [only('AWS::CloudFront::Distribution').id, 'DomainName'] }]],
          },
        },
      },
    });
    const roleId = handler.Properties.Role['Fn::GetAtt'][0];
    const role = template.toJSON().Resources[roleId];
    expect(role.Properties.ManagedPolicyArns).toBeUndefined();
    const policies = Object.values(template.findResources('AWS::IAM::Policy')).filter((policy) =>
      JSON.stringify(policy.Properties.Roles).includes(roleId),
    );
    expect(policies.map((policy) => policy.Properties.PolicyDocument.Statement)).toEqual([
      [
        {
          Action: ['dynamodb:DeleteItem', 'dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:Query'],
          Effect: 'Allow',
          Resource: { 'Fn::GetAtt': [tableId(), 'Arn'] },
        },
        {
          Action: ['logs:CreateLogStream', 'logs:PutLogEvents'],
          Effect: 'Allow',
          Resource: { 'Fn::GetAtt': [handler.Properties.LoggingConfig.LogGroup.Ref, 'Arn'] },
        },
      ],
    ]);
  });

  it('bundles the handler of api/ with the SDK, offline: the bundle answers an event as the API does', async () => {
    const handler = template.toJSON().Resources[handlerId()];
    const bundle = join(assemblyDir, `asset.${handler.Properties.Code.S3Key.replace(/\.zip$/, '')}`, 'index.js');
    const code = readFileSync(bundle, 'utf8');
    expect(code).not.toMatch(/dynalite/);
    Object.assign(process.env, { TABLE_NAME: 'items', ALLOWED_ORIGINS: 'https://app.test', CLIENT_IDS: 'client' });
    const { handler: handle } = createRequire(import.meta.url)(bundle);
    const answer = await handle({
      rawPath: '/notes',
      headers: { origin: 'https://app.test' },
      requestContext: { http: { method: 'GET' }, domainName: 'api.test' },
    });
    expect(answer).toMatchObject({
      statusCode: 401,
      headers: { 'Access-Control-Allow-Origin': 'https://app.test', 'Cache-Control': 'no-store' },
    });
  });

  it('routes /{resource} and /{resource}/{id} of every resource, each behind the JWT authorizer', () => {
    const routes = Object.values(template.findResources('AWS::ApiGatewayV2::Route'));
    const expected = RESOURCE_NAMES.flatMap((name) => [
      `GET /${name}`,
      `POST /${name}`,
      `GET /${name}/{id}`,
      `PUT /${name}/{id}`,
      `DELETE /${name}/{id}`,
    ]);
    expect(routes.map((route) => route.Properties.RouteKey).sort()).toEqual(expected.sort());
    const authorizer = only('AWS::ApiGatewayV2::Authorizer').id;
    for (const route of routes) {
      expect(route.Properties).toMatchObject({ AuthorizationType: 'JWT', AuthorizerId: { Ref: authorizer } });
    }
    template.hasResourceProperties('AWS::ApiGatewayV2::Integration', {
      ApiId: { Ref: apiId() },
      IntegrationType: 'AWS_PROXY',
      IntegrationUri: { 'Fn::GetAtt': [handlerId(), 'Arn'] },
      PayloadFormatVersion: '2.0',
    });
    template.resourceCountIs('AWS::ApiGatewayV2::Integration', 1);
  });

  it('takes access tokens of the user pool for the app client only', () => {
    const pool = only('AWS::Cognito::UserPool').id;
    template.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
      AuthorizerType: 'JWT',
      IdentitySource: ['$request.header.Authorization'],
      JwtConfiguration: {
        Audience: [ref('AWS::Cognito::UserPoolClient')],
        Issuer: {
          'Fn::Join': ['', ['https://cognito-idp.', { Ref: 'AWS::Region' }, '.amazonaws.com/', { Ref: pool }]],
        },
      },
    });
  });

  it("lets only the site's origin read it (CORS), with the headers the app sends and reads", () => {
    expect(only('AWS::ApiGatewayV2::Api').Properties.CorsConfiguration).toEqual({
      AllowOrigins: [
        { 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [only('AWS::CloudFront::Distribution').id, 'DomainName'] }]] },
      ],
      AllowMethods: ['GET', 'POST', 'PUT', 'DELETE'],
      AllowHeaders: ['Authorization', 'Content-Type', 'If-Match'],
      ExposeHeaders: ['ETag', 'Location'],
      MaxAge: 600,
    });
  });

  it('throttles its stage and writes access logs', () => {
    const stage = only('AWS::ApiGatewayV2::Stage');
    expect(stage.Properties).toMatchObject({
      ApiId: { Ref: apiId() },
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: {
        ThrottlingRateLimit: 50,
        ThrottlingBurstLimit: 100,
      },
    });
    const logs = stage.Properties.AccessLogSettings;
    const format = JSON.parse(logs.Format) as Record<string, string>;
    expect(format).toMatchObject({ requestId: '$context.requestId', status: '$context.status' });
    template.hasResourceProperties('AWS::Logs::LogGroup', { RetentionInDays: 90 });
    expect(Object.keys(template.findResources('AWS::Logs::LogGroup'))).toContain(logs.DestinationArn['Fn::GetAtt'][0]);
  });

  it('lets only this API invoke the handler', () => {
    const permissions = Object.values(template.findResources('AWS::Lambda::Permission')).filter((permission) =>
      JSON.stringify(permission.Properties.FunctionName).includes(handlerId()),
    );
    expect(permissions).toHaveLength(1);
    expect(permissions[0]!.Properties).toMatchObject({
      Action: 'lambda:InvokeFunction',
      Principal: 'apigateway.amazonaws.com',
    });
    expect(JSON.stringify(permissions[0]!.Properties.SourceArn)).toContain(apiId());
  });
});

describe('the outputs', () => {
  it("are the app's VITE_* values and its address", () => {
    const pool = only('AWS::Cognito::UserPool').id;
    template.hasOutput('OidcAuthority', {
      Description: 'VITE_OIDC_AUTHORITY',
      Value: { 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [pool, 'ProviderName'] }]] },
    });
    template.hasOutput('OidcClientId', {
      Description: 'VITE_OIDC_CLIENT_ID',
      Value: ref('AWS::Cognito::UserPoolClient'),
    });
    template.hasOutput('CognitoDomain', {
      Description: 'VITE_COGNITO_DOMAIN',
      Value: {
        'Fn::Join': [
          '',
          ['https://', ref('AWS::Cognito::UserPoolDomain'), '.auth.', { Ref: 'AWS::Region' }, '.amazoncognito.com'],
        ],
      },
    });
    template.hasOutput('CognitoIdentityPoolId', {
      Description: 'VITE_COGNITO_IDENTITY_POOL_ID',
      Value: ref('AWS::Cognito::IdentityPool'),
    });
    const endpoint = { 'Fn::GetAtt': [only('AWS::ApiGatewayV2::Api').id, 'ApiEndpoint'] };
    template.hasOutput('ApiUrl', { Description: 'VITE_API_URL', Value: endpoint });
    // example: books {
    template.hasOutput('BooksApiUrl', {
      Description: 'VITE_BOOKS_API_URL',
      Value: { 'Fn::Join': ['', [endpoint, '/books']] },
    });
    // example: books }
    template.hasOutput('SiteUrl', { Value: distributionOrigin() });
  });
});

describe('the options in cdk.json', () => {
  it('allow guests and another domain prefix', () => {
    const { stack } = createApp({
      distDir,
      env: ENV,
      context: { 'snxt:guests': 'true', 'snxt:domainPrefix': 'team-snxt', 'aws:cdk:bundling-stacks': [] },
    });
    const options = Template.fromStack(stack);
    options.hasResourceProperties('AWS::Cognito::IdentityPool', { AllowUnauthenticatedIdentities: true });
    options.hasResourceProperties('AWS::Cognito::UserPoolDomain', { Domain: 'team-snxt' });
  });
});

describe("the API's resources", () => {
  it('are those of api/resources.ts unless given', () => {
    const { stack } = createApp({ distDir, env: ENV, context: { 'aws:cdk:bundling-stacks': [] } });
    expect(stack.api.resourceNames).toEqual(Object.keys(RESOURCES));
  });

  it('are refused when a name cannot be a path', () => {
    for (const name of ['Notes', 'a/b', '-x', 'x-', '__proto__', '']) {
      const context = { 'aws:cdk:bundling-stacks': [] };
      expect(() => createApp({ distDir, env: ENV, context, resourceNames: [name] }), name).toThrow(/cannot be a path/);
    }
  });
});

describe('a build CloudFront cannot carry', () => {
  it('stops the synthesis: a CSP over the quota', () => {
    const origins = Array.from({ length: 60 }, (_, i) => `https://api-${i}.example-company.com`).join(',');
    const env = { ...ENV, VITE_API_ORIGINS: origins };
    expect(() => createApp({ distDir: writeTestBuild(env), env })).toThrow(/Content-Security-Policy is \d+ characters/);
  });
});
