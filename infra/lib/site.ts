// The site: a private bucket read by CloudFront through origin access control, the build uploaded into it.
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import {
  AccessLevel,
  AllowedMethods,
  CachePolicy,
  Distribution,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HttpVersion,
  ResponseHeadersPolicy,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { responseHeadersPolicyProps } from './headers-policy.ts';
import type { SiteBuild } from './site-build.ts';
import { uploadGroups } from './upload-groups.ts';
import { viewerRequestCode } from './viewer-request.ts';

/** How long CloudFront keeps an error answer (a missing file): a deploy that adds it is seen within this. */
const ERROR_TTL = Duration.seconds(10);

export class Site extends Construct {
  readonly bucket: Bucket;
  readonly distribution: Distribution;
  /** `https://{distribution domain}`, the app's origin. */
  readonly origin: string;

  constructor(scope: Construct, id: string, build: SiteBuild) {
    super(scope, id);
    // Only the build lives here, and every deploy uploads it again: the bucket goes with the stack.
    this.bucket = new Bucket(this, 'Files', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      removalPolicy: RemovalPolicy.DESTROY,
      autoDeleteObjects: true,
    });
    // Listing lets S3 answer a missing file with 404 instead of 403.
    const origin = S3BucketOrigin.withOriginAccessControl(this.bucket, {
      originAccessLevels: [AccessLevel.READ, AccessLevel.LIST],
    });
    const viewerRequest = new CloudFrontFunction(this, 'ViewerRequest', {
      comment: 'Files of the build as they are, each prerendered page from its file, the app for every other path',
      code: FunctionCode.fromInline(viewerRequestCode(build)),
      runtime: FunctionRuntime.JS_2_0,
    });
    this.distribution = new Distribution(this, 'Distribution', {
      comment: 'Snxt',
      httpVersion: HttpVersion.HTTP2_AND_3,
      defaultRootObject: 'index.html',
      defaultBehavior: {
        origin,
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
        compress: true,
        // Honours each file's Cache-Control: a year for hashed files, revalidation for the rest.
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: new ResponseHeadersPolicy(this, 'Headers', responseHeadersPolicyProps(build.headers)),
        functionAssociations: [{ eventType: FunctionEventType.VIEWER_REQUEST, function: viewerRequest }],
      },
      errorResponses: [403, 404].map((httpStatus) => ({ httpStatus, ttl: ERROR_TTL })),
    });
    this.origin = `https://${this.distribution.distributionDomainName}`;
    this.upload(build);
  }

  /** Hashed files and the rest first, the pages last; then the edge caches are cleared. */
  private upload(build: SiteBuild) {
    const source = Source.asset(build.dir, { exclude: [...build.skipped] });
    const uploads = uploadGroups(build.files).map(({ cacheControl, contentType, files }) => {
      const pages = contentType.startsWith('text/html');
      const id = `Upload ${contentType} ${cacheControl}`.replace(/[^\w ]+/g, '-');
      const deployment = new BucketDeployment(this, id, {
        sources: [source],
        destinationBucket: this.bucket,
        exclude: ['*'],
        include: [...files],
        // Files of earlier builds stay: a page already open may still load its chunks.
        prune: false,
        // The keys of hundreds of files overflow a custom resource's 4 KB answer; nothing reads them.
        outputObjectKeys: false,
        cacheControl: [CacheControl.fromString(cacheControl)],
        contentType,
        ...(pages ? { distribution: this.distribution, distributionPaths: ['/*'] } : {}),
      });
      return { pages, deployment };
    });
    for (const { deployment } of uploads.filter(({ pages }) => pages)) {
      for (const other of uploads.filter(({ pages }) => !pages)) deployment.node.addDependency(other.deployment);
    }
    // The uploads share one handler, which uses the first one's AWS CLI layer; the others would only be created
    // unused, all at once, which Lambda may throttle (aws/aws-cdk#32907).
    for (const { deployment } of uploads.slice(1)) deployment.node.tryRemoveChild('AwsCliLayer');
  }
}
