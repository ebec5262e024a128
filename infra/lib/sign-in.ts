// Sign-in: the user pool behind Cognito's managed login, the app's public client and the identity pool.
import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import {
  AccountRecovery,
  CfnManagedLoginBranding,
  FeaturePlan,
  ManagedLoginVersion,
  Mfa,
  OAuthScope,
  PasskeyUserVerification,
  StandardThreatProtectionMode,
  UserPool,
  type UserPoolClient,
  UserPoolClientIdentityProvider,
  type UserPoolDomain,
} from 'aws-cdk-lib/aws-cognito';
import { IdentityPool, UserPoolAuthenticationProvider } from 'aws-cdk-lib/aws-cognito-identitypool';
import { Construct } from 'constructs';

const EDITORS_GROUP = 'snxt-editors';

export interface SignInProps {
  /** The app's origin: where sign-in and sign-out come back to (`{origin}/`). */
  readonly siteOrigin: string;
  /** The managed login domain's prefix, unique in the region: `{prefix}.auth.{region}.amazoncognito.com`. */
  readonly domainPrefix: string;
  /** Whether visitors who are not signed in get AWS credentials (the identity pool's guests). */
  readonly guests: boolean;
}

export class SignIn extends Construct {
  readonly userPool: UserPool;
  readonly domain: UserPoolDomain;
  readonly client: UserPoolClient;
  readonly identityPool: IdentityPool;
  readonly guests: boolean;

  constructor(scope: Construct, id: string, { siteOrigin, domainPrefix, guests }: SignInProps) {
    super(scope, id);
    this.guests = guests;
    // Kept when the stack goes (the accounts are the users'), and deleted only once protection is turned off.
    this.userPool = new UserPool(this, 'Users', {
      signInAliases: { email: true },
      autoVerify: { email: true },
      keepOriginal: { email: true },
      signInCaseSensitive: false,
      selfSignUpEnabled: false,
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      passwordPolicy: {
        minLength: 12,
        requireLowercase: true,
        requireUppercase: true,
        requireDigits: true,
        requireSymbols: true,
        tempPasswordValidity: Duration.days(3),
        passwordHistorySize: 5,
      },
      // Choice-based sign-in: managed login offers a password or a passkey (Essentials plan or higher).
      signInPolicy: { allowedFirstAuthFactors: { password: true, passkey: true } },
      passkeyUserVerification: PasskeyUserVerification.PREFERRED,
      passkeyRelyingPartyId: `${domainPrefix}.auth.${Stack.of(this).region}.amazoncognito.com`,
      mfa: Mfa.OPTIONAL,
      mfaSecondFactor: { otp: true, sms: false },
      featurePlan: FeaturePlan.PLUS,
      standardThreatProtectionMode: StandardThreatProtectionMode.FULL_FUNCTION,
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.userPool.addGroup('Editors', {
      groupName: EDITORS_GROUP,
      description: 'Editors: pages and APIs may let them do more',
    });
    this.domain = this.userPool.addDomain('Domain', {
      cognitoDomain: { domainPrefix },
      managedLoginVersion: ManagedLoginVersion.NEWER_MANAGED_LOGIN,
    });
    const appUrl = `${siteOrigin}/`;
    this.client = this.userPool.addClient('App', {
      userPoolClientName: 'snxt-app',
      generateSecret: false,
      // Managed login signs in with SRP or, once a user has chosen how (USER_AUTH), a passkey; no secret reaches the app.
      authFlows: { userSrp: true, user: true },
      oAuth: {
        flows: { authorizationCodeGrant: true, implicitCodeGrant: false, clientCredentials: false },
        scopes: [OAuthScope.EMAIL, OAuthScope.PROFILE, OAuthScope.OPENID],
        callbackUrls: [appUrl],
        logoutUrls: [appUrl],
      },
      supportedIdentityProviders: [UserPoolClientIdentityProvider.COGNITO],
      enableTokenRevocation: true,
      preventUserExistenceErrors: true,
    });
    // Managed login shows an app client's pages only with a style; this one is Cognito's own.
    new CfnManagedLoginBranding(this, 'LoginStyle', {
      userPoolId: this.userPool.userPoolId,
      clientId: this.client.userPoolClientId,
      useCognitoProvidedValues: true,
    });
    this.identityPool = new IdentityPool(this, 'Identities', {
      allowUnauthenticatedIdentities: guests,
      authenticationProviders: {
        userPools: [new UserPoolAuthenticationProvider({ userPool: this.userPool, userPoolClient: this.client })],
      },
    });
  }

  /** The issuer: `https://cognito-idp.{region}.amazonaws.com/{pool id}`. */
  get authority(): string {
    return `https://${this.userPool.userPoolProviderName}`;
  }
}
