/** Settings of the zip task that its deployment reads too (no imports: the CDK app loads this file). */

/**
 * Node flags of the zip task (the zip Lambda's `NODE_OPTIONS`, and the benchmark's
 * measured child): a 1 MB young generation. The task streams; almost everything it
 * allocates dies young, and small semi-spaces collect the socket and stream chunks
 * before they are promoted to the old generation, where they would wait for a major
 * GC. Measured peak memory growth (decision record 022): 100 MB bundle 40 → 23 MiB,
 * 1 GB bundle 62 → 49 MiB, at the same throughput.
 */
export const ZIP_TASK_NODE_FLAGS = '--max-semi-space-size=1';
