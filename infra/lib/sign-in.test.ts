import { App, Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { SignIn } from './sign-in.ts';

let template: Template;

beforeAll(() => {
  const stack = new Stack(new App(), 'SignInOnly');
  new SignIn(stack, 'SignIn', { siteOrigin: 'https://app.example.com', domainPrefix: 'snxt-test', guests: false });
  template = Template.fromStack(stack);
});

const onlyProperties = (type: string) => {
  const resources = Object.values(template.findResources(type));
  expect(resources, type).toHaveLength(1);
  return resources[0]!.Properties as Record<string, unknown>;
};

describe('passkeys on the user pool', () => {
  it('are offered beside the password on the Plus plan, which has them', () => {
    expect(onlyProperties('AWS::Cognito::UserPool')).toMatchObject({
      UserPoolTier: 'PLUS',
      Policies: { SignInPolicy: { AllowedFirstAuthFactors: ['PASSWORD', 'WEB_AUTHN'] } },
    });
  });

  it('prefer user verification and trust the managed login domain as their relying party', () => {
    expect(onlyProperties('AWS::Cognito::UserPool')).toMatchObject({
      WebAuthnUserVerification: 'preferred',
      WebAuthnRelyingPartyID: { 'Fn::Join': ['', ['snxt-test.auth.', { Ref: 'AWS::Region' }, '.amazoncognito.com']] },
    });
    expect(onlyProperties('AWS::Cognito::UserPoolDomain')).toMatchObject({ Domain: 'snxt-test' });
  });

  it('are chosen on managed login version 2, styled for the app client, which allows choice-based sign-in', () => {
    expect(onlyProperties('AWS::Cognito::UserPoolDomain')).toMatchObject({ ManagedLoginVersion: 2 });
    template.hasResourceProperties('AWS::Cognito::ManagedLoginBranding', {
      ClientId: { Ref: Match.stringLikeRegexp('SignInUsersApp') },
      UseCognitoProvidedValues: true,
    });
    expect(onlyProperties('AWS::Cognito::UserPoolClient').ExplicitAuthFlows).toEqual(
      expect.arrayContaining(['ALLOW_USER_AUTH', 'ALLOW_USER_SRP_AUTH']),
    );
  });
});
