// Everything the app needs on AWS in one stack: the site, sign-in, the product API, and the outputs the app is built
// with.
import { Aws, CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { RESOURCES } from '../../api/resources.ts';
import { ProductApi } from './api.ts';
import { BUILD_VALUE_OUTPUTS } from './outputs.ts';
import { SignIn } from './sign-in.ts';
import { Site } from './site.ts';
import type { SiteBuild } from './site-build.ts';

export interface SnxtStackProps extends StackProps {
  readonly build: SiteBuild;
  readonly guests?: boolean;
  /** Default: the stack's name and the account, `snxt-123456789012`. */
  readonly domainPrefix?: string;
  /** The API's resources; default: those of api/resources.ts. */
  readonly resourceNames?: readonly string[];
}

export class SnxtStack extends Stack {
  readonly site: Site;
  readonly signIn: SignIn;
  readonly api: ProductApi;

  constructor(
    scope: Construct,
    id: string,
    { build, guests = false, domainPrefix, resourceNames = Object.keys(RESOURCES), ...props }: SnxtStackProps,
  ) {
    super(scope, id, {
      description:
        'Snxt: the app on CloudFront and S3, sign-in with Cognito, its API on API Gateway, Lambda and DynamoDB',
      ...props,
    });
    this.site = new Site(this, 'Site', build);
    this.signIn = new SignIn(this, 'SignIn', {
      siteOrigin: this.site.origin,
      domainPrefix: domainPrefix ?? `${id.toLowerCase()}-${Aws.ACCOUNT_ID}`,
      guests,
    });
    this.api = new ProductApi(this, 'Api', {
      siteOrigin: this.site.origin,
      userPool: this.signIn.userPool,
      client: this.signIn.client,
      resourceNames,
    });
    const values: Record<keyof typeof BUILD_VALUE_OUTPUTS, string> = {
      OidcAuthority: this.signIn.authority,
      OidcClientId: this.signIn.client.userPoolClientId,
      CognitoDomain: this.signIn.domain.baseUrl(),
      CognitoIdentityPoolId: this.signIn.identityPool.identityPoolId,
      ApiUrl: this.api.url,
      BooksApiUrl: `${this.api.url}/books`, // example: books
    };
    for (const [key, variable] of Object.entries(BUILD_VALUE_OUTPUTS)) {
      new CfnOutput(this, key, { value: values[key as keyof typeof values], description: variable });
    }
    new CfnOutput(this, 'SiteUrl', { value: `${this.site.origin}/`, description: 'The app' });
    new CfnOutput(this, 'UserPoolId', { value: this.signIn.userPool.userPoolId, description: 'Where users are added' });
  }
}
