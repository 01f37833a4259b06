import { Button, Heading, HStack, Stack } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { ArchiveIcon, ArchiveRestoreIcon, HistoryIcon, PencilIcon, Trash2Icon } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Content, ContentDetail } from '#shared/contracts/content';
import { SUBTREE_CHANGED_MESSAGE } from '#shared/contracts/content-subtree';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog.tsx';
import { paths } from '../../../../config/paths.ts';
import { announce } from '../../../../lib/announcer.tsx';
import { ApiError } from '../../../../lib/api-client.ts';
import { useDeleteContentSubtree, useSetContentSubtreeStatus } from '../../api/change-content-subtree.ts';
import { useContentSubtree } from '../../api/get-content-subtree.ts';
import { contentPath } from '../../utils/content-path.ts';
import { ContentEditor } from './content-edit-form.tsx';
import { DeleteDialog } from './delete-dialog.tsx';
import { MetadataBlock } from './metadata-block.tsx';
import { PublishSchedule } from './publish-schedule.tsx';
import { RevisionsDialog } from './revisions-dialog.tsx';
import { StatusIcon } from './status-icon.tsx';
import { subtreeDescription } from './subtree-confirmation.ts';

/** What the editor adds to the visitor's view of an item in view mode. */
export interface EditorViewParts {
  /** Beside the title: the status icon. */
  readonly titleAdornment: ReactNode;
  /** Under the title: Edit or Restore, and Delete. */
  readonly actions: ReactNode;
  /** In the side column: the metadata block. */
  readonly aside: ReactNode;
}

/** Where to go after deleting (spec §2.6): the parent's page, or /courseware for a top-level item. */
export function pathAfterDelete(parentId: string | null, ancestors: ContentDetail['ancestors']): string {
  if (!parentId) return paths.courseware;
  const parent = ancestors.find((ancestor) => ancestor.id === parentId);
  return contentPath(parent ?? { id: parentId, urlAlias: '' });
}

/**
 * The editor-facing parts of the content detail page (spec §2.6, §4 "Content modes")
 * for callers who may update content; loaded on demand, as visitors never need it.
 * View mode is the visitor's view (`renderView`) plus the status icon, the metadata
 * block and the actions: Edit and Archive (after a confirmation, spec §4), or only
 * Restore for an archived item, and Delete for
 * callers with `canDelete`. Edit mode hides the breadcrumbs and shows the form.
 */
export function ContentEditing({
  detail,
  canDelete,
  renderView,
}: {
  detail: ContentDetail;
  canDelete: boolean;
  /** The visitor's view with the editor's parts; `shown` (the draft's preview) in place of the stored detail. */
  renderView: (parts: EditorViewParts, shown?: ContentDetail) => ReactNode;
}) {
  const { content, ancestors } = detail;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [dialog, setDialog] = useState<'restore' | 'archive' | 'delete' | null>(null);
  const [revisionsOpen, setRevisionsOpen] = useState(false);
  const [dialogError, setDialogError] = useState<string | null>(null);
  const restore = useSetContentSubtreeStatus();
  const remove = useDeleteContentSubtree();
  // The count of what the open confirmation acts on, fetched when it opens (issue 21 item 12).
  const count = useContentSubtree(content.id, dialog !== null);

  const openDialog = (which: 'restore' | 'archive' | 'delete') => {
    setDialogError(null);
    setDialog(which);
  };
  const closeDialog = () => {
    setDialog(null);
    setDialogError(null);
  };
  const failed = (error: Error) => {
    if (error instanceof ApiError && (error.statusCode === 409 || error.statusCode === 400)) {
      setDialogError(error.message);
      if (error.message === SUBTREE_CHANGED_MESSAGE) void count.refetch();
    } else {
      closeDialog();
    }
  };
  const confirmed = () => (count.data ? { version: count.data.version, descendants: count.data.descendants } : null);

  const changeStatus = (status: 'archived' | 'unpublished', done: string) => {
    const confirmation = confirmed();
    if (!confirmation) return;
    restore.mutate(
      { id: content.id, body: { status, ...confirmation } },
      {
        onSuccess: ({ changed }) => {
          closeDialog();
          announce(changed > 1 ? `${done} ${changed} items.` : `${done}.`);
        },
        onError: failed,
      },
    );
  };
  const confirmRestore = () => changeStatus('unpublished', 'Restored');
  const confirmArchive = () => changeStatus('archived', 'Archived');

  const confirmDelete = () => {
    const confirmation = confirmed();
    if (!confirmation) return;
    remove.mutate(
      { id: content.id, ...confirmation },
      {
        onSuccess: ({ parentId }) => {
          closeDialog();
          announce('Deleted');
          navigate(pathAfterDelete(parentId, ancestors));
          // Stale, not refetched now: the screen still showing it would meet a 404.
          void queryClient.invalidateQueries({
            queryKey: ['content', 'detail'],
            refetchType: 'none',
            predicate: (query) => (query.state.data as ContentDetail | undefined)?.content.id === content.id,
          });
        },
        onError: failed,
      },
    );
  };

  const saved = (next: Content) => {
    setEditing(false);
    const path = contentPath(next);
    if (path !== contentPath(content)) navigate(path, { replace: true });
  };

  const archived = content.status === 'archived';
  // Items visitors see are edited as a draft (issue 25 item 2); the rest are saved directly.
  const drafted = content.status === 'published' || content.status === 'unlisted';
  const renderPreview = drafted
    ? (shown: ContentDetail) => renderView({ titleAdornment: null, actions: null, aside: null }, shown)
    : undefined;
  const dialogs = (
    <SubtreeDialogs
      open={dialog}
      error={dialogError}
      count={count}
      name={content.name}
      canDelete={canDelete}
      changing={restore.isPending}
      deleting={remove.isPending}
      onRestore={confirmRestore}
      onArchive={confirmArchive}
      onDelete={confirmDelete}
      onClose={closeDialog}
    />
  );

  if (editing) {
    return (
      <Stack gap="6">
        <HStack as="header" gap="3" align="center">
          <Heading as="h1" size="3xl" color="brand.fg">
            {content.name}
          </Heading>
          <StatusIcon status={content.status} />
        </HStack>
        <MetadataBlock id={content.id} />
        <ContentEditor
          detail={detail}
          onSaved={saved}
          onCancel={() => setEditing(false)}
          renderPreview={renderPreview}
        />
      </Stack>
    );
  }

  const actions = (
    <Stack gap="3">
      <HStack gap="2" wrap="wrap">
        {archived ? (
          <Button size="sm" variant="outline" onClick={() => openDialog('restore')}>
            <ArchiveRestoreIcon aria-hidden="true" />
            Restore
          </Button>
        ) : (
          <>
            <Button size="sm" variant="outline" onClick={() => setEditing(true)}>
              <PencilIcon aria-hidden="true" />
              Edit
            </Button>
            <Button size="sm" variant="outline" onClick={() => openDialog('archive')}>
              <ArchiveIcon aria-hidden="true" />
              Archive
            </Button>
            <Button size="sm" variant="outline" onClick={() => setRevisionsOpen(true)}>
              <HistoryIcon aria-hidden="true" />
              Revisions
            </Button>
          </>
        )}
        {canDelete ? (
          <Button size="sm" variant="outline" colorPalette="red" onClick={() => openDialog('delete')}>
            <Trash2Icon aria-hidden="true" />
            Delete
          </Button>
        ) : null}
        {dialogs}
        <RevisionsDialog
          contentId={content.id}
          open={revisionsOpen}
          onClose={() => setRevisionsOpen(false)}
          onRestored={() => {
            setRevisionsOpen(false);
            setEditing(true);
          }}
        />
      </HStack>
      <PublishSchedule content={content} />
    </Stack>
  );

  return renderView({
    titleAdornment: <StatusIcon status={content.status} />,
    actions,
    aside: <MetadataBlock id={content.id} />,
  });
}

/**
 * The confirmations of Restore, Archive and Delete (spec §4), each saying how many
 * items it acts on (`count`, fetched when one opens: issue 21 item 12, with Count
 * again when that failed) and showing `error` while it is the `open` one.
 */
function SubtreeDialogs({
  open,
  error,
  count,
  name,
  canDelete,
  changing,
  deleting,
  onRestore,
  onArchive,
  onDelete,
  onClose,
}: {
  open: 'restore' | 'archive' | 'delete' | null;
  error: string | null;
  count: ReturnType<typeof useContentSubtree>;
  name: string;
  canDelete: boolean;
  changing: boolean;
  deleting: boolean;
  onRestore: () => void;
  onArchive: () => void;
  onDelete: () => void;
  onClose: () => void;
}) {
  const retryCount = count.isError ? (
    <Button size="sm" variant="outline" alignSelf="start" onClick={() => void count.refetch()}>
      Count again
    </Button>
  ) : null;
  return (
    <>
      <ConfirmDialog
        open={open === 'restore'}
        title="Restore content"
        description={subtreeDescription('restore', count)}
        confirmLabel="Restore"
        pending={changing}
        confirmDisabled={!count.data}
        error={open === 'restore' ? error : null}
        onConfirm={onRestore}
        onClose={onClose}
      >
        {retryCount}
      </ConfirmDialog>
      <ConfirmDialog
        open={open === 'archive'}
        title="Archive content"
        description={subtreeDescription('archive', count)}
        confirmLabel="Archive"
        pending={changing}
        confirmDisabled={!count.data}
        error={open === 'archive' ? error : null}
        onConfirm={onArchive}
        onClose={onClose}
      >
        {retryCount}
      </ConfirmDialog>
      {canDelete ? (
        <DeleteDialog
          open={open === 'delete'}
          name={name}
          description={subtreeDescription('delete', count)}
          confirmDisabled={!count.data}
          pending={deleting}
          error={open === 'delete' ? error : null}
          onConfirm={onDelete}
          onClose={onClose}
        >
          {retryCount}
        </DeleteDialog>
      ) : null}
    </>
  );
}
