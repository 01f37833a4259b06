import { Button, Heading, HStack, Image, Skeleton, Stack, Text } from '@chakra-ui/react';
import { ArrowLeftIcon, MapPinIcon, PencilIcon } from 'lucide-react';
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { can } from '#shared/capabilities';
import { ExternalLink, RouterLink } from '../../../components/ui/link.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { Prose } from '../../../components/ui/prose.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/auth/session-store.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useItem } from '../api/news-events.ts';
import { sanitizeDescription } from '../utils/description.ts';
import { isNews, itemPath, KIND_TEXT, type NewsEventItem, type NewsEventKind } from '../utils/kinds.ts';
import { ItemDate, StatusBadge } from './item-parts.tsx';
import { NewsEventDialog } from './news-event-dialog.tsx';

/**
 * A news item (`/news/{alias}`) or an event (`/events/{alias}`) of spec §2.10, found
 * by the route's id or link. While it loads the status reads Published (spec §2.10
 * "Detail status defaults to Published before loading"). One that does not exist (a
 * 404, silent per spec §8) sends the reader back to the list, replacing the entry;
 * any other failure offers Retry. Callers who may update content get an Edit button
 * (the dialog); a changed link moves the address to the new one.
 */
export function NewsEventDetail({ kind, idOrLink }: { kind: NewsEventKind; idOrLink: string }) {
  const text = KIND_TEXT[kind];
  const query = useItem(kind, idOrLink);
  useDocumentTitle(query.data?.name ?? text.listTitle);

  if (query.isPending) {
    return (
      <Stack gap="4" maxW="3xl" aria-busy="true">
        <BackLink kind={kind} />
        <Stack gap="3" role="status" aria-label={`Loading the ${text.singular}`}>
          <Skeleton height="10" width="70%" />
          <StatusBadge status="published" />
          <Skeleton height="4" />
          <Skeleton height="4" width="80%" />
        </Stack>
      </Stack>
    );
  }
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.statusCode === 404) {
      return <Navigate to={text.listPath} replace />;
    }
    return (
      <Stack gap="4" maxW="3xl">
        <BackLink kind={kind} />
        <Heading as="h1" size="2xl">
          {text.listTitle}
        </Heading>
        <LoadError title="This {text.singular} could not be loaded." onRetry={() => query.refetch()} />
      </Stack>
    );
  }
  return <DetailBody kind={kind} item={query.data} />;
}

function BackLink({ kind }: { kind: NewsEventKind }) {
  const text = KIND_TEXT[kind];
  return (
    <RouterLink to={text.listPath} display="inline-flex" alignItems="center" gap="1" width="fit-content">
      <ArrowLeftIcon aria-hidden="true" size="1em" />
      {kind === 'news' ? 'All news' : 'All events'}
    </RouterLink>
  );
}

function DetailBody({ kind, item }: { kind: NewsEventKind; item: NewsEventItem }) {
  const text = KIND_TEXT[kind];
  const navigate = useNavigate();
  const { principal } = useSession();
  const canEdit = can(principal, 'updateContent');
  const [editing, setEditing] = useState(false);
  return (
    <Stack as="article" gap="5" maxW="3xl" aria-labelledby="news-event-title">
      <BackLink kind={kind} />
      <Stack gap="2">
        <Heading as="h1" id="news-event-title" size={{ base: '2xl', md: '3xl' }}>
          {item.name}
        </Heading>
        <HStack gap="3" wrap="wrap">
          <ItemDate kind={kind} date={item.date} />
          <StatusBadge status={item.status} />
        </HStack>
        {!isNews(item) && item.location ? (
          <HStack gap="1.5" align="flex-start" color="fg.muted">
            <MapPinIcon aria-hidden="true" size="1.1em" style={{ marginTop: '0.2em', flexShrink: 0 }} />
            <Text>
              <Text as="span" fontWeight="medium">
                Location:
              </Text>{' '}
              {item.location}
            </Text>
          </HStack>
        ) : null}
      </Stack>
      {canEdit ? (
        <HStack>
          <Button size="sm" variant="outline" onClick={() => setEditing(true)}>
            <PencilIcon aria-hidden="true" />
            Edit {text.singular}
          </Button>
        </HStack>
      ) : null}
      {item.image ? <Image src={item.image} alt="" maxH="96" objectFit="cover" borderRadius="l3" /> : null}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server and again by DOMPurify */}
      <Prose dangerouslySetInnerHTML={{ __html: sanitizeDescription(item.description) }} />
      {isNews(item) && item.externalLink ? (
        <Text>
          <ExternalLink href={item.externalLink}>Read the full story</ExternalLink>
        </Text>
      ) : null}
      {canEdit ? (
        <NewsEventDialog
          kind={kind}
          open={editing}
          item={item}
          onClose={() => setEditing(false)}
          onSaved={(saved) => {
            const path = itemPath(kind, saved);
            if (path !== itemPath(kind, item)) navigate(path, { replace: true });
          }}
        />
      ) : null}
    </Stack>
  );
}
