import { Alert, Box, Grid, Heading, HStack, List, Skeleton, Stack } from '@chakra-ui/react';
import { ArchiveIcon, TriangleAlertIcon } from 'lucide-react';
import { type ComponentType, lazy, type ReactNode, Suspense, useMemo } from 'react';
import { Navigate } from 'react-router-dom';
import { can } from '#shared/capabilities';
import type { ChangeLogEntry, ContentDetail } from '#shared/contracts/content';
import { Breadcrumbs } from '../../../components/ui/breadcrumbs.tsx';
import { ChipList } from '../../../components/ui/chip.tsx';
import { RouterLink } from '../../../components/ui/link.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { Prose } from '../../../components/ui/prose.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/auth/session-store.ts';
import type { Crumb } from '../../../lib/breadcrumbs.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useContent } from '../api/get-content.ts';
import { categoryLabel, isUncurated } from '../utils/categories.ts';
import { contentPath } from '../utils/content-path.ts';
import { sanitizeDescription } from '../utils/description.ts';
import { ChangeLog } from './change-log.tsx';
import { ChildGroups } from './child-groups.tsx';
import { ContentFacts } from './content-facts.tsx';
import { ContributorList } from './contributor-list.tsx';
import { useDownloadParts } from './download-parts.tsx';
import { FeedbackButton } from './feedback-dialog.tsx';
import { FilesPanel } from './files-panel.tsx';
import { KnowledgeLists } from './knowledge-lists.tsx';
import { LibraryPart } from './library-part.tsx';
import { LicenceNotice } from './licence-notice.tsx';
import { RelatedCourseware } from './related-courseware.tsx';
import { ReviewsSection } from './reviews-section.tsx';
import { TagChips } from './tag-chips.tsx';

/** Breadcrumbs of a content item (spec §2.6): Courseware, each ancestor, the item. */
export function contentCrumbs({ content, ancestors }: Pick<ContentDetail, 'content' | 'ancestors'>): Crumb[] {
  return [
    { label: 'Courseware', to: paths.courseware, current: false },
    ...ancestors.map((ancestor) => ({ label: ancestor.name, to: contentPath(ancestor), current: false })),
    { label: content.name, to: contentPath(content), current: true },
  ];
}

function Description({ html }: { html: string }) {
  const safe = useMemo(() => sanitizeDescription(html), [html]);
  if (!safe.trim()) return null;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised with DOMPurify just above
  return <Prose dangerouslySetInnerHTML={{ __html: safe }} />;
}

// Editors only: visitors never download the editor (spec §6 "Update content").
const ContentEditing = lazy(() =>
  import('./editor/content-editing.tsx').then((module) => ({ default: module.ContentEditing })),
);

// The usage line (issue 26 item 4) comes with its own module: no bytes of it in the page's first render.
const ContentUsageLine = lazy(() =>
  import('./content-usage.tsx').then((module) => ({ default: module.ContentUsageLine })),
);

/** The lessons part of the detail page (spec §2.6 "Files and lesson artifacts"), provided by the route. */
export type LessonsPanelComponent = ComponentType<{ contentId: string; canEdit: boolean }>;

/**
 * The content detail screen of spec §2.6 as a visitor sees it. The editor adds a
 * status icon beside the title (`titleAdornment`), its actions under it (`actions`)
 * and the metadata block to the side column (`aside`). `LessonsPanel`, when the route
 * gives one, follows the files; `canEdit` says whether the caller may update content.
 * The route's download parts ({@link useDownloadParts}) add "Download all" to the
 * side column of an item with files or children.
 */
export function ContentDetailView({
  detail,
  titleAdornment,
  actions,
  aside,
  LessonsPanel,
  canEdit = false,
}: {
  /** The item; `changeLog` (issue 25 item 4) when the answer carries it. */
  detail: ContentDetail & { readonly changeLog?: readonly ChangeLogEntry[] | undefined };
  titleAdornment?: ReactNode;
  actions?: ReactNode;
  aside?: ReactNode;
  LessonsPanel?: LessonsPanelComponent | undefined;
  canEdit?: boolean;
}) {
  const { content, contributors } = detail;
  const downloads = useDownloadParts();
  const sections = [...content.sections].sort((a, b) => a.index - b.index);
  return (
    <Stack gap="6">
      <Breadcrumbs crumbs={contentCrumbs(detail)} />
      <Stack as="header" gap="3">
        <HStack gap="3" align="center">
          <Heading as="h1" size="3xl" color="brand.fg">
            {content.name}
          </Heading>
          {titleAdornment}
        </HStack>
        {actions}
        <LibraryPart contentId={content.id} name={content.name} />
        <ChipList
          label="Categories"
          items={content.categories.map((category) => ({ key: category, label: categoryLabel(category) }))}
        />
        <TagChips tags={content.tags} />
      </Stack>
      {content.status === 'archived' ? (
        <Alert.Root status="warning">
          <Alert.Indicator>
            <ArchiveIcon />
          </Alert.Indicator>
          <Alert.Content>
            <Alert.Title>This content is archived.</Alert.Title>
            <Alert.Description>It is kept for reference and is no longer maintained.</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : null}
      {isUncurated(content.tags) ? (
        <Alert.Root status="warning">
          <Alert.Indicator>
            <TriangleAlertIcon />
          </Alert.Indicator>
          <Alert.Content>
            <Alert.Title>This content has not been curated yet.</Alert.Title>
            <Alert.Description>
              Our curators have not reviewed it; check it before you use it in class.
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : null}
      <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 2fr) minmax(0, 1fr)' }} gap="10">
        <Stack gap="8">
          <Description html={content.description} />
          {content.includes.length > 0 ? (
            <Box as="section" aria-labelledby="includes-heading">
              <Heading as="h2" id="includes-heading" size="lg" mb="3">
                Includes
              </Heading>
              <List.Root ps="5" gap="1">
                {content.includes.map((item) => (
                  <List.Item key={item}>{item}</List.Item>
                ))}
              </List.Root>
            </Box>
          ) : null}
          {content.children.length > 0 ? <ChildGroups parentId={content.id} /> : null}
          {sections.map((section) => (
            <Box as="section" key={section.id} aria-labelledby={`section-${section.id}`}>
              <Heading as="h2" id={`section-${section.id}`} size="lg" mb="3">
                {section.name}
              </Heading>
              <Description html={section.description} />
            </Box>
          ))}
          <FilesPanel files={content.files} firstPages={content.firstPages} />
          {LessonsPanel ? <LessonsPanel contentId={content.id} canEdit={canEdit} /> : null}
          <KnowledgeLists tkss={content.tkss} ksas={content.ksas} kus={content.kus} kuOutcomes={content.kuOutcomes} />
          <RouterLink to={`${contentPath(content)}/coverage`}>CAE and NICE coverage</RouterLink>
          {content.status === 'published' ? <ReviewsSection contentId={content.id} /> : null}
          <RelatedCourseware contentId={content.id} />
        </Stack>
        <Stack gap="8">
          {downloads && (content.files.length > 0 || content.children.length > 0) ? (
            <downloads.DownloadAll contentId={content.id} />
          ) : null}
          <FeedbackButton content={content} />
          <ContentFacts content={content} />
          <Suspense fallback={<Skeleton height="5" width="80%" aria-hidden="true" />}>
            <ContentUsageLine contentId={content.id} />
          </Suspense>
          <ChangeLog entries={detail.changeLog ?? []} />
          {aside}
          <ContributorList contributors={contributors} />
          <LicenceNotice
            licence={content.licence}
            sourceUrl={content.sourceUrl}
            copyrightNotice={content.copyrightNotice}
          />
        </Stack>
      </Grid>
    </Stack>
  );
}

/** Holds a screen's height, so the footer stays below the fold until the item comes (issue 22 item 5). */
function DetailSkeleton() {
  return (
    <Stack gap="5" role="status" aria-label="Loading content" minH="100vh">
      <Heading as="h1" srOnly>
        Loading courseware
      </Heading>
      <Skeleton height="4" width="40%" />
      <Skeleton height="10" width="75%" />
      <Skeleton height="6" width="30%" />
      <Skeleton height="32" />
      <Skeleton height="24" />
    </Stack>
  );
}

/**
 * `/courseware/{idOrAlias}`: loads the item, shows a skeleton while it comes, goes
 * back to the list (replace, silently) when it does not exist, and offers Retry
 * on any other failure (which the ERROR dialog has already reported).
 */
export function ContentDetailScreen({
  idOrAlias,
  LessonsPanel,
}: {
  idOrAlias: string;
  /** The lessons of the item, shown after its files in view mode (spec §2.6); the route provides it. */
  LessonsPanel?: LessonsPanelComponent;
}) {
  // The route loader may already have failed on this item; its error was reported, so do not ask twice.
  const query = useContent({ idOrAlias, queryConfig: { retryOnMount: false } });
  useDocumentTitle(query.data?.content.name ?? 'Courseware');

  if (query.isPending) return <DetailSkeleton />;
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.statusCode === 404) {
      return <Navigate to={paths.courseware} replace />;
    }
    return (
      <Stack gap="4">
        <Heading as="h1" size="2xl">
          Courseware
        </Heading>
        <LoadError title="This content could not be loaded." onRetry={() => query.refetch()} />
      </Stack>
    );
  }
  return <ContentDetailBody detail={query.data} LessonsPanel={LessonsPanel} />;
}

/** The visitor's view, or for callers who may update content the editor around it (loaded on demand). */
function ContentDetailBody({
  detail,
  LessonsPanel,
}: {
  detail: ContentDetail;
  LessonsPanel: LessonsPanelComponent | undefined;
}) {
  const { principal } = useSession();
  if (!can(principal, 'updateContent')) return <ContentDetailView detail={detail} LessonsPanel={LessonsPanel} />;
  return (
    <Suspense fallback={<ContentDetailView detail={detail} LessonsPanel={LessonsPanel} canEdit />}>
      <ContentEditing
        detail={detail}
        canDelete={can(principal, 'deleteContent')}
        renderView={(parts, shown) =>
          shown ? (
            <ContentDetailView detail={shown} {...parts} />
          ) : (
            <ContentDetailView detail={detail} {...parts} LessonsPanel={LessonsPanel} canEdit />
          )
        }
      />
    </Suspense>
  );
}
