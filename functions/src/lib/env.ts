import * as z from 'zod';
import { BUCKETS, TABLE } from '#shared/table';

/**
 * The environment of every handler, checked once (STYLE.md "Configuration fails
 * fast"). Names come from `#shared/table`, so the CDK stack that sets them and the
 * code that reads them cannot drift. `.env.example` is not needed: the CDK
 * construct and the local stack set all three.
 */
const EnvSchema = z.object({
  [TABLE.nameEnv]: z.string().min(1),
  [BUCKETS.private.nameEnv]: z.string().min(1),
  [BUCKETS.public.nameEnv]: z.string().min(1),
});

/** The parsed environment: physical names of the table and both buckets. */
export interface Env {
  readonly tableName: string;
  readonly privateBucket: string;
  readonly publicBucket: string;
}

/** Thrown when required variables are missing or empty; its message lists every one. */
export class EnvironmentError extends Error {
  override readonly name = 'EnvironmentError';
  readonly missing: readonly string[];
  constructor(missing: readonly string[]) {
    super(`Missing environment variables: ${missing.join(', ')}.`);
    this.missing = missing;
  }
}

let cached: Env | undefined;

/**
 * Reads and checks `process.env` on first use and caches the result for the life
 * of the container.
 * @throws EnvironmentError naming every missing or empty variable at once.
 */
export function env(): Env {
  if (cached) return cached;
  const parsed = EnvSchema.safeParse(process.env);
  if (!parsed.success) {
    const missing = [...new Set(parsed.error.issues.map((issue) => String(issue.path[0])))];
    throw new EnvironmentError(missing);
  }
  cached = {
    tableName: parsed.data[TABLE.nameEnv],
    privateBucket: parsed.data[BUCKETS.private.nameEnv],
    publicBucket: parsed.data[BUCKETS.public.nameEnv],
  };
  return cached;
}

/** Forgets the cached environment, so a test can check a different one. */
export function resetEnvForTests(): void {
  cached = undefined;
  variables.clear();
}

/**
 * Environment variables of the content feedback e-mail (decision record 018): the
 * SES identity it is sent from and the address of the courseware team. The CDK
 * stack sets both (context `feedbackSender`, `feedbackRecipient`), the local stack
 * too; {@link FEEDBACK_EMAIL_DEFAULTS} apply when one is absent.
 */
export const FEEDBACK_EMAIL_ENV = { sender: 'FEEDBACK_EMAIL_SENDER', recipient: 'FEEDBACK_EMAIL_RECIPIENT' } as const;

/** Documented defaults of {@link FEEDBACK_EMAIL_ENV}: placeholders a real deployment overrides. */
export const FEEDBACK_EMAIL_DEFAULTS = {
  sender: 'courseware-portal@example.org',
  recipient: 'courseware-feedback@example.org',
} as const;

/** Where the feedback e-mail goes: `sender` (From, an SES-verified identity) and `recipient` (To). */
export interface FeedbackEmailConfig {
  readonly sender: string;
  readonly recipient: string;
}

/** The feedback e-mail addresses from the environment, each falling back to its default when absent or empty. */
export function feedbackEmailConfig(): FeedbackEmailConfig {
  return {
    sender: process.env[FEEDBACK_EMAIL_ENV.sender] || FEEDBACK_EMAIL_DEFAULTS.sender,
    recipient: process.env[FEEDBACK_EMAIL_ENV.recipient] || FEEDBACK_EMAIL_DEFAULTS.recipient,
  };
}

/** Thrown when an optional variable is set to a value its schema refuses; its message names the variable. */
export class InvalidEnvironmentError extends Error {
  override readonly name = 'InvalidEnvironmentError';
  readonly variable: string;
  constructor(variable: string, detail: string) {
    super(`Environment variable ${variable} is invalid: ${detail}`);
    this.variable = variable;
  }
}

const variables = new Map<string, { readonly raw: string | undefined; readonly value: unknown }>();

/**
 * One variable of `process.env` parsed by `schema` (which sees `undefined` when the
 * variable is absent, so it carries the default). The value is parsed once and kept
 * for the life of the container; it is parsed again only when the raw string
 * changes, which in a Lambda never happens and in a test (`vi.stubEnv`) does.
 * Issue 23 item 6: the reads of `process.env` outside this file move here (decision record 046).
 * @throws InvalidEnvironmentError naming the variable when `schema` refuses its value.
 */
export function readVariable<T>(name: string, schema: z.ZodType<T>): T {
  const raw = process.env[name];
  const known = variables.get(name);
  if (known && known.raw === raw) return known.value as T;
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new InvalidEnvironmentError(name, z.prettifyError(parsed.error));
  variables.set(name, { raw, value: parsed.data });
  return parsed.data;
}

/** The variable that sets the least level the portal's logger writes (`functions/src/lib/logger.ts`). */
export const LOG_LEVEL_ENV = 'LOG_LEVEL';

/** Levels of the Powertools Logger, least verbose last. */
export const LOG_LEVELS = ['TRACE', 'DEBUG', 'INFO', 'WARN', 'ERROR', 'CRITICAL', 'SILENT'] as const;

/** A level of {@link LOG_LEVELS}. */
export type PortalLogLevel = (typeof LOG_LEVELS)[number];

/**
 * The logger's level from `LOG_LEVEL` (any case; `INFO` when absent or empty). In AWS
 * the function's own application log level (Lambda advanced logging controls) still
 * applies on top of it.
 * @throws InvalidEnvironmentError for a value that is no level.
 */
export function logLevel(): PortalLogLevel {
  return readVariable(
    LOG_LEVEL_ENV,
    z
      .string()
      .optional()
      .transform((value) => (value ? value.trim().toUpperCase() : 'INFO'))
      .pipe(z.enum(LOG_LEVELS)),
  );
}

/** The variable that turns on the check of every answer against its route's response schema (tests, local stack). */
export const VALIDATE_RESPONSES_ENV = 'VALIDATE_RESPONSES';

/** Whether `VALIDATE_RESPONSES` is `true` (anything else, or absent, is false). */
export function validatesResponses(): boolean {
  return readVariable(
    VALIDATE_RESPONSES_ENV,
    z
      .string()
      .optional()
      .transform((value) => value === 'true'),
  );
}

/**
 * The raw value of an optional variable whose caller parses it itself (e.g.
 * `RATE_LIMIT_SCALE`, `data/rate-limits.ts`): `undefined` when absent.
 */
export function optionalVariable(name: string): string | undefined {
  return readVariable(name, z.string().optional());
}

/**
 * The whole environment, read-only, for the pure parsers of `domain/` that take their
 * variables as an argument (`lib/deployment.ts` hands it to them).
 */
export function environmentVariables(): Readonly<Record<string, string | undefined>> {
  return process.env;
}
