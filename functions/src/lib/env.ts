import { z } from 'zod';
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
}
