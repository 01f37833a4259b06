import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { PutSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import type { CloudFormationCustomResourceEvent } from 'aws-lambda';

/**
 * Custom resource (onEvent of a `custom_resources.Provider`) that fills the portal's
 * signing-key secret: on Create, an RSA-2048 private JWK (RS256, `use: sig`, a
 * random `kid`) made with node:crypto and written with PutSecretValue. Update and
 * Delete change nothing: the key outlives deployments (rotation is a later decision),
 * and the secret's own removal policy decides its end. The key is never logged and
 * never returned as data (the provider framework logs responses).
 */

const secretsManager = new SecretsManagerClient({});

export async function handler(event: CloudFormationCustomResourceEvent): Promise<{ PhysicalResourceId: string }> {
  const secretArn = String(event.ResourceProperties.SecretArn ?? '');
  if (event.RequestType !== 'Create') return { PhysicalResourceId: event.PhysicalResourceId };
  if (!secretArn) throw new Error('SecretArn is required');
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...privateKey.export({ format: 'jwk' }), kid: randomUUID(), alg: 'RS256', use: 'sig' };
  await secretsManager.send(new PutSecretValueCommand({ SecretId: secretArn, SecretString: JSON.stringify(jwk) }));
  return { PhysicalResourceId: `${secretArn}/signing-key` };
}
