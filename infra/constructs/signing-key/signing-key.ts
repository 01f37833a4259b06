import path from 'node:path';
import { CustomResource, Duration, type RemovalPolicy } from 'aws-cdk-lib';
import { Architecture, Runtime } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { type CfnSecret, Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Provider } from 'aws-cdk-lib/custom-resources';
import { Construct } from 'constructs';

const PROJECT_ROOT = path.resolve(import.meta.dirname, '..', '..', '..');

export interface PortalSigningKeyProps {
  /** Applied to the secret: RETAIN outside dev, or every portal token ever issued dies with it. */
  readonly removalPolicy: RemovalPolicy;
}

/**
 * The portal's token signing key (decision record 012): a Secrets Manager secret
 * created empty (no generated string) and filled once, at its creation, by a custom
 * resource that generates an RSA-2048 private JWK (`handler.ts`). Functions read it
 * through `PortalFunction.bindSecret()`.
 */
export class PortalSigningKey extends Construct {
  readonly secret: Secret;

  constructor(scope: Construct, id: string, props: PortalSigningKeyProps) {
    super(scope, id);
    this.secret = new Secret(this, 'Secret', {
      description: 'Private JWK (RS256) that signs portal tokens; written once by the SigningKey custom resource',
      removalPolicy: props.removalPolicy,
    });
    // Secret's default is a generated password: the value is the JWK the custom resource writes, nothing else.
    (this.secret.node.defaultChild as CfnSecret).addPropertyDeletionOverride('GenerateSecretString');

    const onEvent = new NodejsFunction(this, 'Generator', {
      entry: path.join(import.meta.dirname, 'handler.ts'),
      handler: 'handler',
      projectRoot: PROJECT_ROOT,
      depsLockFilePath: path.join(PROJECT_ROOT, 'package-lock.json'),
      description: 'Generates the portal signing key into its secret (custom resource)',
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      timeout: Duration.seconds(30),
      logGroup: new LogGroup(this, 'GeneratorLogs', { retention: RetentionDays.ONE_MONTH }),
      bundling: { forceDockerBundling: false, format: OutputFormat.ESM, target: 'node22', minify: true },
    });
    this.secret.grantWrite(onEvent);
    const provider = new Provider(this, 'Provider', { onEventHandler: onEvent });
    new CustomResource(this, 'Generate', {
      serviceToken: provider.serviceToken,
      resourceType: 'Custom::PortalSigningKey',
      properties: { SecretArn: this.secret.secretArn },
    });
  }
}
