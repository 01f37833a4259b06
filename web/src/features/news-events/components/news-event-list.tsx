import { Box, Button, Heading, HStack, Image, Stack, Text } from '@chakra-ui/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ChevronLeftIcon, ChevronRightIcon, PencilIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { can } from '#shared/capabilities';
import { PAGE } from '#shared/limits';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { announce } from '../../../lib/announcer.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/auth/session-store.ts';
import { formatDateTime } from '../../../lib/date-time.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { truncate } from '../../../lib/text.ts';
import { listQueryOptions, useDeleteItem } from '../api/news-events.ts';
import { descriptionText } from '../utils/description.ts';
import { isNews, KIND_TEXT, type NewsEventItem, type NewsEventKind } from '../utils/kinds.ts';
import { DeleteItemDialog } from './delete-item-dialog.tsx';
import { ItemDate, ItemsSkeleton, ItemTitleLink, StatusBadge } from './item-parts.tsx';
import { NewsEventDialog } from './news-event-dialog.tsx';

/** Items per list page (spec §2.10, §9 "News, events and content list pages": 10). */
export const LIST_PAGE_SIZE = PAGE.listPageSize;
/** Characters of a description quoted on a list row. */
const ROW_DESCRIPTION_CHARS = 200;

type DialogState = { readonly item: NewsEventItem | null } | null;

/**
 * The news list (`/news`) or the events list (`/events`) of spec §2.10: 10 items a
 * page, newest first, with Previous / Next by page token (focus goes to the heading
 * and the page number is said). Each row links to the item (or a news item's
 * external link). Callers who may update content see every status, an Add button
 * and an Edit button per row (the dialog of {@link NewsEventDialog}); Delete appears
 * only with `deleteNews` / `deleteEvents` and asks for confirmation. Lists refresh
 * after each save or delete. Loading, empty ("No news yet.", "No events yet.") and
 * error (with Retry) states.
 */
export function NewsEventList({ kind }: { kind: NewsEventKind }) {
  const text = KIND_TEXT[kind];
  useDocumentTitle(text.listTitle);
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { principal } = useSession();
  const canEdit = can(principal, 'updateContent');
  const canDelete = can(principal, kind === 'news' ? 'deleteNews' : 'deleteEvents');

  // The tokens of the pages read so far; the last one is the page on screen (undefined: the first).
  const [tokens, setTokens] = useState<readonly (string | undefined)[]>([undefined]);
  const page = tokens.length;
  const query = useQuery({
    ...listQueryOptions(kind, {
      limit: LIST_PAGE_SIZE,
      pageToken: tokens[tokens.length - 1],
      status: canEdit ? 'all' : 'published',
    }),
    // The page on screen stays (marked busy) while the next one loads.
    placeholderData: keepPreviousData,
  });
  const { data } = query;

  const shownPage = useRef(page);
  useEffect(() => {
    if (shownPage.current === page) return;
    shownPage.current = page;
    headingRef.current?.focus();
    announce(`Page ${page}`);
  }, [page]);

  const [dialog, setDialog] = useState<DialogState>(null);
  const [deleting, setDeleting] = useState<NewsEventItem | null>(null);
  const remove = useDeleteItem(kind);
  const deleteError = remove.error instanceof ApiError ? remove.error.message : null;

  const confirmDelete = () => {
    if (!deleting) return;
    const { id, name } = deleting;
    remove.mutate(id, {
      onSuccess: () => {
        setDeleting(null);
        announce(`Deleted “${name}”.`);
      },
    });
  };

  const items: readonly NewsEventItem[] = data?.items ?? [];
  const hasPrevious = page > 1;
  const hasNext = Boolean(data?.nextPageToken);
  let body: ReactNode;
  if (query.isPending) body = <ItemsSkeleton label={`Loading ${text.listTitle.toLowerCase()}`} rows={3} />;
  else if (query.isError && !data) body = <LoadError title={text.loadError} onRetry={() => query.refetch()} />;
  else if (items.length === 0) body = <Text color="fg.muted">{text.empty}</Text>;
  else {
    body = (
      <Stack
        as="ul"
        gap="4"
        listStyleType="none"
        m="0"
        p="0"
        aria-labelledby={headingId}
        // Not faded while the next page loads: faded text falls under 4.5:1 (issue 21 item 29).
        aria-busy={query.isPlaceholderData || undefined}
      >
        {items.map((item) => (
          <Box as="li" key={item.id} borderWidth="1px" borderRadius="l3" p="4">
            <HStack align="flex-start" gap="4">
              {item.image ? (
                <Image
                  src={item.image}
                  alt=""
                  boxSize={{ base: '16', md: '24' }}
                  objectFit="cover"
                  borderRadius="md"
                  flexShrink={0}
                />
              ) : null}
              <Stack gap="1.5" flex="1" minW="0">
                <Heading as="h2" size="lg">
                  <ItemTitleLink kind={kind} item={item} />
                </Heading>
                <HStack gap="3" wrap="wrap">
                  <ItemDate kind={kind} date={item.date} />
                  {!isNews(item) && item.location ? (
                    <Text as="span" color="fg.muted" textStyle="sm">
                      {truncate(item.location, 80)}
                    </Text>
                  ) : null}
                  {canEdit ? <StatusBadge status={item.status} /> : null}
                  {canEdit && item.status === 'unpublished' && item.publishAt ? (
                    <Text fontSize="sm" color="fg.muted">
                      Scheduled for {formatDateTime(item.publishAt)}
                    </Text>
                  ) : null}
                </HStack>
                <Text>{truncate(descriptionText(item.description), ROW_DESCRIPTION_CHARS)}</Text>
                {canEdit || canDelete ? (
                  <HStack gap="2" pt="1">
                    {canEdit ? (
                      <Button
                        size="sm"
                        variant="outline"
                        aria-label={`Edit “${item.name}”`}
                        onClick={() => setDialog({ item })}
                      >
                        <PencilIcon aria-hidden="true" />
                        Edit
                      </Button>
                    ) : null}
                    {canDelete ? (
                      <Button
                        size="sm"
                        variant="outline"
                        colorPalette="red"
                        aria-label={`Delete “${item.name}”`}
                        onClick={() => {
                          remove.reset();
                          setDeleting(item);
                        }}
                      >
                        <Trash2Icon aria-hidden="true" />
                        Delete
                      </Button>
                    ) : null}
                  </HStack>
                ) : null}
              </Stack>
            </HStack>
          </Box>
        ))}
      </Stack>
    );
  }

  return (
    <Stack gap="6" maxW="4xl" aria-busy={query.isFetching || undefined}>
      <HStack justify="space-between" align="flex-start" wrap="wrap" gap="3">
        <Heading as="h1" size="3xl" id={headingId} ref={headingRef} tabIndex={-1} outline="none">
          {text.listTitle}
        </Heading>
        {canEdit ? (
          <Button colorPalette="brand" onClick={() => setDialog({ item: null })}>
            <PlusIcon aria-hidden="true" />
            {text.addLabel}
          </Button>
        ) : null}
      </HStack>
      {body}
      {items.length > 0 || hasPrevious ? (
        <HStack as="nav" aria-label="Pagination" justify="space-between" pt="2">
          <Button
            variant="outline"
            onClick={() => setTokens((current) => current.slice(0, -1))}
            disabled={!hasPrevious}
          >
            <ChevronLeftIcon aria-hidden="true" />
            Previous
          </Button>
          <Text aria-live="off">Page {page}</Text>
          <Button
            variant="outline"
            onClick={() => {
              const next = data?.nextPageToken;
              if (next) setTokens((current) => [...current, next]);
            }}
            disabled={!hasNext || query.isPlaceholderData}
          >
            Next
            <ChevronRightIcon aria-hidden="true" />
          </Button>
        </HStack>
      ) : null}
      {canEdit ? (
        <NewsEventDialog
          kind={kind}
          open={dialog !== null}
          item={dialog?.item ?? null}
          onClose={() => setDialog(null)}
          onSaved={() => {
            // After adding, start again from the first page (the lists are refreshed).
            if (!dialog?.item) setTokens([undefined]);
          }}
        />
      ) : null}
      {canDelete ? (
        <DeleteItemDialog
          kind={kind}
          open={deleting !== null}
          name={deleting?.name ?? ''}
          pending={remove.isPending}
          error={deleteError}
          onConfirm={confirmDelete}
          onClose={() => setDeleting(null)}
        />
      ) : null}
    </Stack>
  );
}
