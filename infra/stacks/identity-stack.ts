import { CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import {
  AccountRecovery,
  FeaturePlan,
  Mfa,
  StandardThreatProtectionMode,
  UserPool,
  type UserPoolClient,
} from 'aws-cdk-lib/aws-cognito';
import type { Construct } from 'constructs';
import type { Brand } from '#shared/enums';
import { PortalSigningKey } from '../constructs/signing-key/signing-key.ts';

/** An existing Cognito user pool and app client (context `cognitoUserPoolId` + `cognitoClientId`). */
export interface CognitoReference {
  readonly userPoolId: string;
  readonly clientId: string;
}

/**
 * The password policy of the portal's own user pool: at least 12 characters with
 * lower- and upper-case letters, digits and symbols, no reuse of the last 5, and a
 * temporary password (the one an administrator's invitation sends) valid 3 days.
 */
export const USER_POOL_PASSWORD_POLICY = {
  minLength: 12,
  requireLowercase: true,
  requireUppercase: true,
  requireDigits: true,
  requireSymbols: true,
  passwordHistorySize: 5,
  tempPasswordValidity: Duration.days(3),
} as const;

/** Lifetime of the app client's ID and access tokens (the portal exchanges the ID token at once) and refresh tokens. */
export const USER_POOL_TOKEN_VALIDITY = {
  idToken: Duration.hours(1),
  accessToken: Duration.hours(1),
  refreshToken: Duration.days(30),
} as const;

export interface IdentityStackProps extends StackProps {
  readonly stage: string;
  readonly brand: Brand;
  /**
   * The range's existing user pool and app client (provider `vcr`). Given: the stack
   * creates no pool and the authentication Lambda trusts this one. Absent: the stack
   * creates the range's pool and its vcr app client.
   */
  readonly existingCognito?: CognitoReference;
  /**
   * Threat protection of the created pool (context `cognitoThreatProtection`): true puts
   * the pool on the Plus feature plan with standard threat protection enforced
   * (compromised-credential checks, adaptive authentication; about USD 0.02 per monthly
   * active user, no free tier); false keeps it on Essentials (10,000 monthly active
   * users free). Decision record 029. @default false
   */
  readonly threatProtection?: boolean;
}

/**
 * `Portal-<brand>-<stage>-Identity` (issue 10; decision record 012): the portal's
 * token signing key (a private JWK in Secrets Manager, written once by a custom
 * resource) and, unless context names an existing one, the range's Cognito user pool
 * for the `vcr` sign-in with one public app client whose ID tokens
 * `POST /api/v1/authenticate` exchanges for portal tokens.
 *
 * The pool: administrators create users (no self sign-up: the spec's `/signup` leaves
 * for the external login host, spec §2.2), sign-in by e-mail address (case-insensitive),
 * the e-mail verified automatically and used for account recovery, {@link USER_POOL_PASSWORD_POLICY},
 * optional MFA by authenticator app (TOTP; no SMS), the Essentials feature plan, or Plus
 * with threat protection enforced when {@link IdentityStackProps.threatProtection} is set. Outside `dev` the pool, the client and the key are retained on
 * stack deletion and the pool has deletion protection.
 */
export class IdentityStack extends Stack {
  readonly signingKey: PortalSigningKey;
  /** The pool this stack created; undefined when context names an existing one. */
  readonly userPool?: UserPool;
  /** The vcr app client this stack created; undefined when context names an existing one. */
  readonly userPoolClient?: UserPoolClient;
  /** What the authentication Lambda trusts for provider `vcr` (IDs, tokens when created here). */
  readonly cognito: CognitoReference;

  constructor(scope: Construct, id: string, props: IdentityStackProps) {
    super(scope, id, props);
    const disposable = props.stage === 'dev';
    const removalPolicy = disposable ? RemovalPolicy.DESTROY : RemovalPolicy.RETAIN;

    this.signingKey = new PortalSigningKey(this, 'SigningKey', { removalPolicy });

    if (props.existingCognito) {
      this.cognito = props.existingCognito;
      return;
    }

    const userPool = new UserPool(this, 'UserPool', {
      userPoolName: `${Stack.of(this).stackName}-vcr`,
      selfSignUpEnabled: false,
      signInAliases: { email: true },
      signInCaseSensitive: false,
      autoVerify: { email: true },
      keepOriginal: { email: true },
      standardAttributes: {
        email: { required: true, mutable: true },
        fullname: { required: false, mutable: true },
      },
      passwordPolicy: USER_POOL_PASSWORD_POLICY,
      mfa: Mfa.OPTIONAL,
      mfaSecondFactor: { otp: true, sms: false },
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      ...(props.threatProtection
        ? { featurePlan: FeaturePlan.PLUS, standardThreatProtectionMode: StandardThreatProtectionMode.FULL_FUNCTION }
        : { featurePlan: FeaturePlan.ESSENTIALS }),
      deletionProtection: !disposable,
      removalPolicy,
      userInvitation: {
        emailSubject: `Your ${props.brand} courseware portal account`,
        emailBody:
          'An account was created for you. Your username is {username} and your temporary password is {####}. You will choose a new password at your first sign-in.',
      },
    });
    const userPoolClient = userPool.addClient('VcrClient', {
      userPoolClientName: 'vcr',
      generateSecret: false,
      authFlows: { userSrp: true },
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      idTokenValidity: USER_POOL_TOKEN_VALIDITY.idToken,
      accessTokenValidity: USER_POOL_TOKEN_VALIDITY.accessToken,
      refreshTokenValidity: USER_POOL_TOKEN_VALIDITY.refreshToken,
    });
    userPoolClient.applyRemovalPolicy(removalPolicy);
    this.userPool = userPool;
    this.userPoolClient = userPoolClient;
    this.cognito = { userPoolId: userPool.userPoolId, clientId: userPoolClient.userPoolClientId };

    new CfnOutput(this, 'UserPoolId', {
      description: 'The vcr user pool: create its users here (docs/deploy.md, first admin user)',
      value: userPool.userPoolId,
    });
    new CfnOutput(this, 'UserPoolClientId', {
      description: 'The vcr app client whose ID tokens the portal accepts',
      value: userPoolClient.userPoolClientId,
    });
  }
}
