import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { ResponseHeadersPolicy } from 'aws-cdk-lib/aws-cloudfront';
import { describe, expect, it } from 'vitest';
import { buildHeaders } from '../../build/security-headers.mjs';
import { responseHeadersPolicyProps } from './headers-policy.ts';
import { headersSentBy } from './test-support.ts';

/** What CloudFront sends with the policy made from these headers, read back from the template. */
function sent(headers: Record<string, string>) {
  const stack = new Stack(new App(), 'Test');
  new ResponseHeadersPolicy(stack, 'Headers', responseHeadersPolicyProps(headers));
  const [policy] = Object.values(Template.fromStack(stack).findResources('AWS::CloudFront::ResponseHeadersPolicy'));
  return headersSentBy(policy!.Properties.ResponseHeadersPolicyConfig);
}

/** CloudFront's quotas: a response headers policy's CSP (adjustable) and its custom headers. */
const CSP_MAX_LENGTH = 1783;
const CUSTOM_HEADERS_MAX = 10;
const PAGES = ['<script>boot()</script><style>body{margin:0}</style>'];
const FULL_ENV = {
  VITE_OIDC_AUTHORITY: 'https://cognito-idp.ap-southeast-2.amazonaws.com/ap-southeast-2_AbCdEfGhI',
  VITE_COGNITO_DOMAIN: 'https://snxt-123456789012.auth.ap-southeast-2.amazoncognito.com',
  VITE_COGNITO_IDENTITY_POOL_ID: 'ap-southeast-2:0f8b2d3e-4c5a-4b6d-8e7f-9a0b1c2d3e4f',
  VITE_GA_MEASUREMENT_ID: 'G-ABCDEF1234',
  VITE_ERROR_REPORT_URL: 'https://errors.example-company.com/snxt/reports?key=0123456789abcdef',
  VITE_API_ORIGINS: 'self, https://api.example-company.com, https://orders.example-company.com',
  VITE_I18N_PREFIX: 'https://cdn.example-company.com/snxt',
};

describe('the response headers policy', () => {
  it.each([
    ['a build without options', {}],
    ['a build with every option (sign-in, identity pool, analytics, error reports, APIs, a CDN)', FULL_ENV],
  ])('sends exactly the headers of %s', (_name, env: Record<string, string>) => {
    const headers = buildHeaders(env, PAGES);
    expect(sent(headers)).toEqual(headers);
  });

  it('carries Reporting-Endpoints as a custom header when error reports are on', () => {
    expect(sent(buildHeaders(FULL_ENV, PAGES))['Reporting-Endpoints']).toBe(
      `snxt-csp="${FULL_ENV.VITE_ERROR_REPORT_URL}"`,
    );
  });

  it('overrides whatever the origin sends', () => {
    const props = responseHeadersPolicyProps(buildHeaders(FULL_ENV, PAGES));
    const security = Object.values(props.securityHeadersBehavior ?? {});
    expect(security.length).toBe(5);
    for (const behavior of security) expect(behavior).toMatchObject({ override: true });
    for (const header of props.customHeadersBehavior?.customHeaders ?? []) expect(header.override).toBe(true);
  });
});

describe("CloudFront's quotas", () => {
  const withCsp = (length: number) => ({ 'Content-Security-Policy': `default-src 'self'`.padEnd(length, ' ') });

  it(`takes a Content-Security-Policy of up to ${CSP_MAX_LENGTH} characters`, () => {
    expect(() => responseHeadersPolicyProps(withCsp(CSP_MAX_LENGTH))).not.toThrow();
  });

  it('refuses a longer one, naming the quota to raise', () => {
    expect(() => responseHeadersPolicyProps(withCsp(CSP_MAX_LENGTH + 1))).toThrow(
      /1784 characters.*takes 1783.*Length of the content security policy value/s,
    );
  });

  it('leaves room in the CSP of a build with every option', () => {
    const csp = buildHeaders(FULL_ENV, PAGES)['Content-Security-Policy']!;
    expect(csp.length).toBeLessThan(CSP_MAX_LENGTH);
  });

  it(`refuses more than ${CUSTOM_HEADERS_MAX} custom headers`, () => {
    const headers = Object.fromEntries(Array.from({ length: CUSTOM_HEADERS_MAX + 1 }, (_, i) => [`X-Extra-${i}`, 'x']));
    expect(() => responseHeadersPolicyProps(headers)).toThrow(/11 headers.*takes 10/s);
  });
});

describe('a header the policy cannot send exactly', () => {
  it.each([
    ['Strict-Transport-Security', 'max-age=63072000; includeSubDomains; foo'],
    ['Strict-Transport-Security', 'max-age=-1'],
    ['X-Content-Type-Options', 'sniff'],
    ['X-Frame-Options', 'ALLOW-FROM https://example.com'],
    ['Referrer-Policy', 'no-referrer, strict-origin'],
    ['X-XSS-Protection', '0'],
  ])('stops the synthesis (%s: %s)', (name, value) => {
    expect(() => responseHeadersPolicyProps({ [name]: value })).toThrow(/cannot send .* exactly/);
  });
});
