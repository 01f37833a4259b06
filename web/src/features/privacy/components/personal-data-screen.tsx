import { Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { DownloadIcon } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { LoadingState } from '../../../components/ui/loading-state.tsx';
import { announce } from '../../../lib/announcer.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import {
  type PersonalDataPart,
  savePersonalData,
  useDeletePersonalData,
  useOwnPersonalData,
} from '../api/personal-data.ts';
import { PersonalDataSummary } from './personal-data-summary.tsx';

/** The words of a deletion, per part. */
const PARTS: Record<PersonalDataPart, { title: string; label: string; noun: (n: number) => string; effect: string }> = {
  reviews: {
    title: 'Delete all your ratings and reviews?',
    label: 'Delete my reviews',
    noun: (n) => (n === 1 ? 'review' : 'reviews'),
    effect:
      'Your ratings leave the averages of the items you rated, and responses to your reviews go with them. This cannot be undone.',
  },
  collections: {
    title: 'Delete all your collections?',
    label: 'Delete my collections',
    noun: (n) => (n === 1 ? 'collection' : 'collections'),
    effect:
      'Links you shared stop working and curated collections leave the site. The courseware in them stays. This cannot be undone.',
  },
};

/**
 * "Your data" (issue 26 item 5; decision record 075): what the portal holds about the
 * signed-in reader, the whole of it as a JSON file, and the deletion of their reviews
 * and collections, each after a confirmation that says how many and what follows.
 */
export function PersonalDataScreen() {
  const data = useOwnPersonalData();
  const remove = useDeletePersonalData();
  const [deleting, setDeleting] = useState<PersonalDataPart | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  if (data.isPending) return <LoadingState label="Loading your data…" />;
  if (data.isError) return <LoadError title="Your data could not be loaded." onRetry={() => void data.refetch()} />;
  const held = { reviews: data.data.reviews.length, collections: data.data.collections.length };

  return (
    <Stack gap="6">
      <PersonalDataSummary data={data.data} caption="What the portal holds about you" />
      <HStack gap="3" wrap="wrap">
        <Button onClick={() => savePersonalData(data.data)}>
          <DownloadIcon aria-hidden="true" />
          Download my data (JSON)
        </Button>
      </HStack>
      <Stack gap="3" as="section" aria-labelledby="delete-data-heading">
        <Heading as="h2" size="lg" id="delete-data-heading">
          Delete what you wrote
        </Heading>
        <Text maxW="prose">
          You can delete every rating and review you wrote and every collection you made. Your account, library and
          download history stay; to close your account, contact the portal's support.
        </Text>
        <HStack gap="3" wrap="wrap">
          {(['reviews', 'collections'] as const).map((part) => (
            <Button
              key={part}
              variant="outline"
              colorPalette="red"
              disabled={held[part] === 0}
              onClick={() => {
                setProblem(null);
                setDeleting(part);
              }}
            >
              {PARTS[part].label}
            </Button>
          ))}
        </HStack>
      </Stack>
      <ConfirmDialog
        open={deleting !== null}
        title={deleting ? PARTS[deleting].title : ''}
        description={
          deleting
            ? `${held[deleting].toLocaleString('en-US')} ${PARTS[deleting].noun(held[deleting])} will be deleted. ${PARTS[deleting].effect}`
            : ''
        }
        confirmLabel="Delete"
        destructive
        pending={remove.isPending}
        error={problem}
        onConfirm={() => {
          if (!deleting) return;
          const part = deleting;
          remove.mutate(part, {
            onSuccess: ({ deleted }) => {
              setDeleting(null);
              announce(`Deleted ${deleted.toLocaleString('en-US')} ${PARTS[part].noun(deleted)}.`);
            },
            onError: (error) => setProblem(error instanceof ApiError ? error.message : 'They could not be deleted.'),
          });
        }}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
