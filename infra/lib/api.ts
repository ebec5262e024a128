// The product API beside the site: an HTTP API that takes the user pool's access tokens for the app client, a route
// pair for each resource of api/resources.ts, the one handler of api/ as a Lambda function, and the table of items.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
  CorsHttpMethod,
  HttpApi,
  HttpMethod,
  type HttpStage,
  LogGroupLogDestination,
  PayloadFormatVersion,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpUserPoolAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import { AttributeType, Billing, TableEncryptionV2, TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { RESOURCE_NAME, TABLE_KEYS } from '../../api/table.ts';
import { REPO_ROOT } from './paths.ts';

/** Requests per second over the whole API, and the burst above it, before API Gateway answers 429. */
const API_THROTTLE = { rateLimit: 50, burstLimit: 100 } as const;
const LOG_RETENTION = RetentionDays.THREE_MONTHS;

export interface ProductApiProps {
  /** The app's origin: the only one CORS lets read the answers. */
  readonly siteOrigin: string;
  readonly userPool: IUserPool;
  readonly client: IUserPoolClient;
  /** `/{name}` and `/{name}/{id}` for each. */
  readonly resourceNames: readonly string[];
}

/** NodejsFunction runs the repository's own esbuild (`npx --no-install esbuild` at its root), never Docker. */
function checkLocalEsbuild() {
  try {
    createRequire(join(REPO_ROOT, 'package.json')).resolve('esbuild');
  } catch {
    throw new Error(
      'The API is bundled by the repository\u2019s esbuild, which is not installed: run npm install first',
    );
  }
}

export class ProductApi extends Construct {
  readonly table: TableV2;
  readonly handler: NodejsFunction;
  readonly httpApi: HttpApi;
  readonly stage: HttpStage;
  readonly resourceNames: readonly string[];
  /** `https://{api id}.execute-api.{region}.amazonaws.com`: a resource is at `{url}/{name}`. */
  readonly url: string;

  constructor(scope: Construct, id: string, { siteOrigin, userPool, client, resourceNames }: ProductApiProps) {
    super(scope, id);
    const invalid = resourceNames.filter((name) => !RESOURCE_NAME.test(name));
    if (invalid.length > 0) throw new Error(`api/resources.ts: ${invalid.join(', ')} cannot be a path of the API`);
    checkLocalEsbuild();
    this.resourceNames = resourceNames;

    // The users' data: kept when the stack goes, and deleted only once protection is turned off.
    this.table = new TableV2(this, 'Items', {
      partitionKey: { name: TABLE_KEYS.partition, type: AttributeType.STRING },
      sortKey: { name: TABLE_KEYS.sort, type: AttributeType.STRING },
      billing: Billing.onDemand(),
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: true,
      encryption: TableEncryptionV2.awsManagedKey(),
      removalPolicy: RemovalPolicy.RETAIN,
    });

    const handlerLogs = new LogGroup(this, 'HandlerLogs', {
      retention: LOG_RETENTION,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    // Only what the handler does: its table's items, its own log group.
    const role = new Role(this, 'HandlerRole', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: 'The product API handler: the items table and its own logs',
    });
    role.addToPolicy(
      new PolicyStatement({
        actions: ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:DeleteItem', 'dynamodb:Query'],
        resources: [this.table.tableArn],
      }),
    );
    role.addToPolicy(
      new PolicyStatement({
        actions: ['logs:CreateLogStream', 'logs:PutLogEvents'],
        resources: [handlerLogs.logGroupArn],
      }),
    );
    this.handler = new NodejsFunction(this, 'Handler', {
      description: 'The product API: every resource of api/resources.ts',
      entry: join(REPO_ROOT, 'api/lambda.ts'),
      handler: 'handler',
      projectRoot: REPO_ROOT,
      depsLockFilePath: join(REPO_ROOT, 'package-lock.json'),
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize: 512,
      timeout: Duration.seconds(10),
      role,
      logGroup: handlerLogs,
      environment: {
        TABLE_NAME: this.table.tableName,
        ALLOWED_ORIGINS: siteOrigin,
        CLIENT_IDS: client.userPoolClientId,
        NODE_OPTIONS: '--enable-source-maps',
      },
      bundling: {
        format: OutputFormat.CJS,
        target: 'node22',
        minify: true,
        sourceMap: true,
        // The SDK the tests ran with, not the runtime's own.
        bundleAwsSDK: true,
        forceDockerBundling: false,
      },
    });

    this.httpApi = new HttpApi(this, 'Http', {
      description: 'The product API: /{resource} and /{resource}/{id}, for signed-in users of the app',
      createDefaultStage: false,
      defaultAuthorizer: new HttpUserPoolAuthorizer('AppUsers', userPool, { userPoolClients: [client] }),
      corsPreflight: {
        allowOrigins: [siteOrigin],
        allowMethods: [CorsHttpMethod.GET, CorsHttpMethod.POST, CorsHttpMethod.PUT, CorsHttpMethod.DELETE],
        allowHeaders: ['Authorization', 'Content-Type', 'If-Match'],
        exposeHeaders: ['ETag', 'Location'],
        maxAge: Duration.minutes(10),
      },
    });
    // One permission for the whole API, not one per route: the function's policy stays small however many resources.
    const integration = new HttpLambdaIntegration('Handler', this.handler, {
      payloadFormatVersion: PayloadFormatVersion.VERSION_2_0,
      scopePermissionToRoute: false,
    });
    for (const name of resourceNames) {
      this.httpApi.addRoutes({ path: `/${name}`, methods: [HttpMethod.GET, HttpMethod.POST], integration });
      this.httpApi.addRoutes({
        path: `/${name}/{id}`,
        methods: [HttpMethod.GET, HttpMethod.PUT, HttpMethod.DELETE],
        integration,
      });
    }

    const accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: LOG_RETENTION,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.stage = this.httpApi.addStage('Stage', {
      stageName: '$default',
      autoDeploy: true,
      throttle: API_THROTTLE,
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            ip: '$context.identity.sourceIp',
            requestTime: '$context.requestTime',
            routeKey: '$context.routeKey',
            status: '$context.status',
            responseLength: '$context.responseLength',
            latency: '$context.responseLatency',
            authorizerError: '$context.authorizer.error',
            integrationError: '$context.integrationErrorMessage',
          }),
        ),
      },
    });
    this.url = this.httpApi.apiEndpoint;
  }
}
