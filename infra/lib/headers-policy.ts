// The build's headers as a CloudFront response headers policy, each sent exactly as the build writes it.
import { Duration } from 'aws-cdk-lib';
import {
  HeadersFrameOption,
  HeadersReferrerPolicy,
  type ResponseCustomHeader,
  type ResponseHeadersPolicyProps,
  type ResponseSecurityHeadersBehavior,
} from 'aws-cdk-lib/aws-cloudfront';

/** CloudFront quotas: the CSP of a response headers policy (adjustable) and its custom headers. */
const CSP_MAX_LENGTH = 1783;
const CUSTOM_HEADERS_MAX = 10;

type Security = { -readonly [key in keyof ResponseSecurityHeadersBehavior]: ResponseSecurityHeadersBehavior[key] };

const cannotCarry = (name: string, value: string) =>
  new Error(`A response headers policy cannot send ${name}: ${value} exactly; map it in infra/lib/headers-policy.ts`);

function strictTransportSecurity(value: string): Security['strictTransportSecurity'] {
  const match = /^max-age=(\d+)(; includeSubDomains)?(; preload)?$/.exec(value);
  if (!match) throw cannotCarry('Strict-Transport-Security', value);
  return {
    accessControlMaxAge: Duration.seconds(Number(match[1])),
    includeSubdomains: Boolean(match[2]),
    preload: Boolean(match[3]),
    override: true,
  };
}

function oneOf<T extends string>(values: Record<string, T>, name: string, value: string): T {
  const found = Object.values(values).find((candidate) => candidate === value);
  if (!found) throw cannotCarry(name, value);
  return found;
}

export function responseHeadersPolicyProps(headers: Readonly<Record<string, string>>): ResponseHeadersPolicyProps {
  const security: Security = {};
  const customHeaders: ResponseCustomHeader[] = [];
  for (const [name, value] of Object.entries(headers)) {
    switch (name.toLowerCase()) {
      case 'content-security-policy':
        if (value.length > CSP_MAX_LENGTH) {
          throw new Error(
            `The Content-Security-Policy is ${value.length} characters; a CloudFront response headers policy takes ` +
              `${CSP_MAX_LENGTH} (the quota "Length of the content security policy value in a response headers policy", ` +
              'which AWS raises on request). Allow fewer origins, or ask for more and raise CSP_MAX_LENGTH.',
          );
        }
        security.contentSecurityPolicy = { contentSecurityPolicy: value, override: true };
        break;
      case 'strict-transport-security':
        security.strictTransportSecurity = strictTransportSecurity(value);
        break;
      case 'x-content-type-options':
        if (value !== 'nosniff') throw cannotCarry(name, value);
        security.contentTypeOptions = { override: true };
        break;
      case 'x-frame-options':
        security.frameOptions = { frameOption: oneOf(HeadersFrameOption, name, value), override: true };
        break;
      case 'referrer-policy':
        security.referrerPolicy = { referrerPolicy: oneOf(HeadersReferrerPolicy, name, value), override: true };
        break;
      case 'x-xss-protection':
        throw cannotCarry(name, value);
      default:
        customHeaders.push({ header: name, value, override: true });
    }
  }
  if (customHeaders.length > CUSTOM_HEADERS_MAX) {
    throw new Error(
      `The build sends ${customHeaders.length} headers a response headers policy must carry as custom headers ` +
        `(${customHeaders.map(({ header }) => header).join(', ')}); CloudFront takes ${CUSTOM_HEADERS_MAX}.`,
    );
  }
  return {
    comment: 'The headers the build writes into _headers (build/security-headers.mjs)',
    securityHeadersBehavior: security,
    ...(customHeaders.length ? { customHeadersBehavior: { customHeaders } } : {}),
  };
}
