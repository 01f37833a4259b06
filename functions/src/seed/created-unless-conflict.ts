import { ConflictError } from '../lib/errors.ts';

/**
 * Runs a conditional create of the seed import.
 * @returns true when it created the item, false when it lost to an item that exists
 *   already (a concurrent import): the import stays idempotent.
 * @throws whatever else the create throws.
 */
export async function createdUnlessConflict(create: () => Promise<unknown>): Promise<boolean> {
  try {
    await create();
    return true;
  } catch (error) {
    if (error instanceof ConflictError) return false;
    throw error;
  }
}
