import type { Brand } from '#shared/enums';
import { brandOf } from '../domain/entitlement.ts';
import { portalOrigin } from '../domain/invitations.ts';
import { type MessageEmailConfig, messageEmailConfig } from '../domain/message-email.ts';
import { environmentVariables } from './env.ts';

/**
 * What a deployment is, from its environment, through the pure parsers of `domain/`
 * (issue 23 item 6: `domain/` reads no `process.env`; `lib/env.ts` is where it is read).
 */

/**
 * This deployment's brand from `BRAND` (spec §1: USCR or VACR; USCR when unset).
 * @throws Error for any other value (configuration fails fast).
 */
export function deploymentBrand(): Brand {
  return brandOf(environmentVariables().BRAND);
}

/**
 * The portal's public origin for links in e-mails: `PORTAL_URL`, else the origin of `PORTAL_ISSUER`.
 * @throws Error when neither is set.
 */
export function portalOriginOfEnv(): string {
  return portalOrigin(environmentVariables());
}

/** The message e-mail addresses (`MESSAGE_EMAIL_*`), each falling back to its documented default. */
export function messageEmailAddresses(): MessageEmailConfig {
  return messageEmailConfig(environmentVariables());
}
