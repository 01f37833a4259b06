import { Skeleton, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { Coverage } from '#shared/contracts/coverage';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import type { useCoverage } from '../api/get-coverage.ts';

/**
 * The states of a coverage query shared by the coverage screen and the printable
 * worksheet (issue 27 items 2 and 3): skeletons in a status region named `loading`
 * while pending; `missing` (a sentence) when the API answers 404 (no such subject, or
 * not shared with the reader); a Retry panel titled `errorTitle` for any other error;
 * else `children` with the loaded coverage.
 */
export function CoverageLoadState({
  coverage,
  loading,
  missing,
  errorTitle,
  children,
}: {
  coverage: ReturnType<typeof useCoverage>;
  loading: string;
  missing: string;
  errorTitle: string;
  children: (coverage: Coverage) => ReactNode;
}) {
  if (coverage.isPending) {
    return (
      <Stack role="status" aria-label={loading} gap="3">
        <Skeleton height="8" />
        <Skeleton height="48" />
      </Stack>
    );
  }
  if (coverage.isError) {
    return coverage.error instanceof ApiError && coverage.error.statusCode === 404 ? (
      <Text>{missing}</Text>
    ) : (
      <LoadError title={errorTitle} onRetry={() => coverage.refetch()} />
    );
  }
  return children(coverage.data);
}
