/**
 * Names of the environment variables that tune the search catalog (decision record
 * 014), in a module without side effects so the CDK stacks set exactly the names the
 * functions read.
 */

/** Milliseconds between two freshness checks of the snapshot by the search function (0: every request). */
export const SEARCH_CATALOG_CHECK_ENV = 'SEARCH_CATALOG_CHECK_MS';

/** Milliseconds the indexer lets gsi3 settle after the last revision change before it lists content. */
export const CATALOG_SETTLE_ENV = 'CATALOG_SETTLE_MS';
