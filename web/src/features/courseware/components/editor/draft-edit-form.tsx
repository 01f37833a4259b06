import { Alert, Button, CloseButton, Dialog, HStack, Portal, Stack, Text, Textarea } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { EyeIcon, SendIcon } from 'lucide-react';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { FormProvider } from 'react-hook-form';
import type * as z from 'zod';
import { type ChildContent, CONTENT_STALE_MESSAGE, type Content, type ContentDetail } from '#shared/contracts/content';
import { type ContentDraft as ContentDraftSchema, REVISION_NOTE_MAX_CHARS } from '#shared/contracts/content-draft';
import type { Contributor } from '#shared/contracts/contributor';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog.tsx';
import { FormField } from '../../../../components/ui/form-field.tsx';
import { LoadError } from '../../../../components/ui/load-error.tsx';
import { useDebouncedValue } from '../../../../hooks/use-debounced-value.ts';
import { announce } from '../../../../lib/announcer.tsx';
import { ApiError } from '../../../../lib/api-client.ts';
import { deleteFile } from '../../../../lib/file-uploads.ts';
import {
  discardContentDraft,
  getContentDraft,
  publishContentDraft,
  putContentDraft,
} from '../../api/content-drafts.ts';
import { getContent } from '../../api/get-content.ts';
import { getAllContentChildren } from '../../api/get-content-children.ts';
import { getContributor } from '../../api/get-contributor.ts';
import { storeSavedContent } from '../../api/patch-content.ts';
import { type ContentDraft, draftOf, rebaseDraft, saveRequestOf, validateDraft } from './content-draft.ts';
import { BasicFields } from './content-fields.tsx';
import { DraftSections } from './draft-sections.tsx';
import { EditorLoading } from './editor-loading.tsx';
import { knowledgeNamesOf } from './editor-parts.tsx';
import { FormErrorsAlert } from './form-parts.tsx';
import {
  contributorsToFetch,
  formDraftOfStored,
  hasNewUploads,
  previewDetailOf,
  settleUploads,
} from './stored-draft.ts';
import { useDraftForm } from './use-draft-form.ts';
import { type UploadProgress, uploadNewFiles } from './use-save-content.ts';

/** Milliseconds the form must stay unchanged before an autosave (issue 25 item 2). */
export const AUTOSAVE_DELAY_MS = 2000;

/** A draft's identity for "has it changed since the last save": its JSON, a chosen file by name and size. */
function fingerprint(draft: ContentDraft): string {
  return JSON.stringify(draft, (_key, value: unknown) =>
    value instanceof File ? `file:${value.name}:${value.size}` : value,
  );
}

/** A stored draft as the API client answers it (parsed: the save body's defaults filled in). */
type StoredDraft = z.output<typeof ContentDraftSchema>;

/** The item as stored now and every child of it: what a reload rebuilds the form from. */
async function latestItem(id: string): Promise<{ fresh: ContentDetail; children: ChildContent[] }> {
  const fresh = await getContent(id);
  const children = fresh.content.children.length > 0 ? await getAllContentChildren(id) : [];
  return { fresh, children };
}

/** What the draft editor starts from: the stored draft (or none) and the profiles of contributors it adds. */
interface DraftStart {
  readonly stored: StoredDraft | null;
  readonly known: readonly Contributor[];
}

async function loadDraftStart(detail: ContentDetail, signal: AbortSignal): Promise<DraftStart> {
  const stored = await getContentDraft(detail.content.id, { signal });
  if (!stored) return { stored: null, known: [] };
  const profiles = await Promise.all(
    contributorsToFetch(stored.save, detail).map((id) =>
      getContributor(id, { signal }).catch((error: unknown) => {
        if (error instanceof ApiError && error.statusCode === 404) return null;
        throw error;
      }),
    ),
  );
  return { stored, known: profiles.filter((profile): profile is Contributor => profile !== null) };
}

/** The props the draft editor shares with its loader. */
export interface DraftEditorProps {
  readonly detail: ContentDetail;
  /** Every stored child, every page loaded. */
  readonly items: readonly ChildContent[];
  /** Renders the public view of a detail (the preview). */
  readonly renderPreview: (detail: ContentDetail) => ReactNode;
  /** After Publish: the item as now published. */
  readonly onPublished: (content: Content) => void;
  /** Close (the draft stays) or after Discard. */
  readonly onClose: () => void;
}

/**
 * The editor of a published item (issue 25 item 2; decision record 064): loads the
 * item's stored draft (and the profiles of contributors it adds), then shows
 * {@link DraftEditForm} on it — or on the published item when there is no draft.
 */
export function DraftEditor(props: DraftEditorProps) {
  const { detail } = props;
  const start = useQuery({
    queryKey: ['content', 'draft-start', detail.content.id],
    queryFn: ({ signal }) => loadDraftStart(detail, signal),
    staleTime: 0,
    gcTime: 0,
  });
  if (start.isError) {
    return (
      <LoadError
        title="The draft could not be loaded, so this content cannot be edited now."
        onRetry={() => void start.refetch()}
        onCancel={props.onClose}
      />
    );
  }
  if (start.isPending) {
    return <EditorLoading label="Loading the draft" />;
  }
  return <DraftEditForm {...props} start={start.data} />;
}

type SaveState = 'saved' | 'unsaved' | 'saving' | 'invalid' | 'uploads' | 'failed';

const SAVE_STATE_TEXT: Record<SaveState, string> = {
  saved: 'All changes are saved in the draft.',
  unsaved: 'Unsaved changes.',
  saving: 'Saving the draft…',
  invalid: 'Not saved: some fields need attention. Select Save draft to see them.',
  uploads: 'Not saved yet: new files upload when you select Save draft.',
  failed: 'The draft could not be saved. Select Save draft to try again.',
};

/**
 * The draft form of a published item (issue 25 item 2): the content form, whose
 * changes are kept as the item's draft — visitors keep seeing the published item.
 * The draft is saved by itself two seconds after typing stops ({@link AUTOSAVE_DELAY_MS};
 * not while a field is invalid or a chosen file waits to be uploaded: Save draft does
 * that), and the state is announced ("All changes are saved in the draft", "Unsaved
 * changes", …). "Preview as a visitor" shows the draft in the public page layout;
 * "Publish" (with an optional note for the public change log) saves what is unsaved
 * and makes the draft live in one step; "Discard draft" (confirmed) deletes it.
 * Conflicts keep the editor's text: another editor's newer draft offers "Reload the
 * draft" (theirs loaded, my changes applied over it); a changed item offers Reload (the latest copy
 * underneath the draft, decision record 019), after which Publish applies the draft to it.
 */
export function DraftEditForm({
  detail,
  items,
  start,
  renderPreview,
  onPublished,
  onClose,
}: DraftEditorProps & { start: DraftStart }) {
  const queryClient = useQueryClient();
  const id = detail.content.id;
  const [base, setBase] = useState(detail.content);
  const initial = useMemo(
    () => (start.stored ? formDraftOfStored(start.stored.save, detail, items, start.known) : draftOf(detail, items)),
    [start, detail, items],
  );
  const { form, draft, update, replace, errors, formErrors, setFormErrors, submit, showServerErrors } = useDraftForm(
    () => initial,
  );
  const [original, setOriginal] = useState<ContentDraft>(() => draftOf(detail, items));
  const [draftVersion, setDraftVersion] = useState<number | undefined>(start.stored?.draftVersion);
  const [savedPrint, setSavedPrint] = useState(() => fingerprint(initial));
  /** The draft as last loaded or saved: what a draft conflict merges my changes against. */
  const [synced, setSynced] = useState<ContentDraft>(initial);
  const [savedAt, setSavedAt] = useState<string | null>(start.stored?.updatedTimestamp ?? null);
  const [failed, setFailed] = useState(false);
  const [progress, setProgress] = useState<UploadProgress>({});
  const [draftConflict, setDraftConflict] = useState<string | null>(null);
  const [itemConflict, setItemConflict] = useState<string | null>(null);
  const [dialog, setDialog] = useState<'publish' | 'discard' | 'close' | 'preview' | null>(null);
  const [note, setNote] = useState('');
  const [dialogError, setDialogError] = useState<string | null>(null);
  const knowledgeNames = useMemo(() => knowledgeNamesOf(base), [base]);
  const formRef = useRef<HTMLFormElement>(null);

  const print = fingerprint(draft);
  const dirty = print !== savedPrint;
  const settled = useDebouncedValue(print, AUTOSAVE_DELAY_MS);
  const valid = Object.keys(validateDraft(draft)).length === 0;

  const save = useMutation({
    meta: { handledStatuses: [400, 409] },
    mutationFn: async ({ draft: sent, version }: { draft: ContentDraft; version: number | undefined }) => {
      const created: string[] = [];
      try {
        const uploads = await uploadNewFiles(sent, base.id, created, setProgress);
        const stored = await putContentDraft(id, {
          ...(version === undefined ? {} : { draftVersion: version }),
          save: saveRequestOf(sent, { base, uploads }),
        });
        return { stored, uploads, sent };
      } catch (error) {
        await Promise.allSettled(created.map((file) => deleteFile({ id: file })));
        throw error;
      } finally {
        setProgress({});
      }
    },
    onSuccess: ({ stored, uploads, sent }) => {
      setDraftVersion(stored.draftVersion);
      setSavedAt(stored.updatedTimestamp);
      setSavedPrint(fingerprint(settleUploads(sent, uploads)));
      setSynced(settleUploads(sent, uploads));
      replace((current) => settleUploads(current, uploads));
      setFailed(false);
      setDraftConflict(null);
      void queryClient.invalidateQueries({ queryKey: ['content', 'draft', id] });
    },
    onError: (error) => {
      setFailed(true);
      if (!(error instanceof ApiError)) return;
      if (error.statusCode === 409) setDraftConflict(error.message);
      else if (error.statusCode === 400) showServerErrors(error);
    },
  });
  const saveNow = (current: ContentDraft, version = draftVersion) =>
    save.mutateAsync({ draft: current, version }).then(
      () => true,
      () => false,
    );

  // Autosave: once typing has stopped, the form is valid and nothing waits to be uploaded.
  const autosaveRef = useRef(saveNow);
  autosaveRef.current = saveNow;
  useEffect(() => {
    if (settled !== print || !dirty || save.isPending || failed || draftConflict || itemConflict) return;
    if (!valid || hasNewUploads(draft)) return;
    void autosaveRef.current(draft);
  }, [settled, print, dirty, save.isPending, failed, draftConflict, itemConflict, valid, draft]);

  const state: SaveState = save.isPending
    ? 'saving'
    : failed
      ? 'failed'
      : !dirty
        ? 'saved'
        : !valid
          ? 'invalid'
          : hasNewUploads(draft)
            ? 'uploads'
            : 'unsaved';

  const saveDraft = submit(save.isPending, (current) => {
    setFailed(false);
    void saveNow(current).then((done) => {
      if (done) announce('Draft saved.');
    });
  });

  /**
   * "Reload the draft" after another editor saved it: their draft is loaded and my
   * changes (what differs from the draft I last loaded or saved) are applied over it —
   * nothing of either is lost; the merged draft is then saved on their `draftVersion`.
   */
  const reloadDraft = async () => {
    const start = await loadDraftStart(detail, new AbortController().signal);
    const { fresh, children } = await latestItem(id);
    const theirs = start.stored
      ? formDraftOfStored(start.stored.save, fresh, children, start.known)
      : draftOf(fresh, children);
    setBase(fresh.content);
    replace((current) => rebaseDraft(synced, current, theirs));
    setSynced(theirs);
    setSavedPrint(fingerprint(theirs));
    setDraftVersion(start.stored?.draftVersion);
    setSavedAt(start.stored?.updatedTimestamp ?? null);
    setDraftConflict(null);
    setFailed(false);
    announce('Loaded the other draft. Your changes are kept and applied over it.');
  };
  /** Reload after the item changed: the latest copy under the draft (decision record 019); the draft is kept. */
  const reloadItem = async () => {
    const { fresh, children } = await latestItem(id);
    storeSavedContent(queryClient, fresh.content);
    setBase(fresh.content);
    const theirs = draftOf(fresh, children);
    replace((current) => rebaseDraft(original, current, theirs));
    setOriginal(theirs);
    setItemConflict(null);
    setFormErrors([]);
    setSavedPrint('');
    announce('Loaded the latest published copy. Your changes are kept; they are saved in the draft again.');
  };

  const publish = useMutation({
    meta: { handledStatuses: [400, 409] },
    mutationFn: async () => {
      let version = draftVersion;
      if (dirty || version === undefined) {
        const saved = await save.mutateAsync({ draft, version });
        version = saved.stored.draftVersion;
      }
      return publishContentDraft(id, { draftVersion: version, ...(note.trim() ? { note } : {}) });
    },
    onSuccess: ({ content }) => {
      storeSavedContent(queryClient, content);
      for (const key of ['draft', 'revisions', 'detail'] as const) {
        void queryClient.invalidateQueries({ queryKey: ['content', key] });
      }
      setDialog(null);
      announce('Published.');
      onPublished(content);
    },
    onError: (error) => {
      if (!(error instanceof ApiError)) {
        setDialog(null);
        return;
      }
      if (error.statusCode === 409 && error.message === CONTENT_STALE_MESSAGE) {
        setDialog(null);
        setItemConflict(error.message);
      } else setDialogError(error.message);
    },
  });

  const discard = useMutation({
    meta: { handledStatuses: [404, 409] },
    mutationFn: async () => (draftVersion === undefined ? null : discardContentDraft(id, draftVersion)),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['content', 'draft', id] });
      setDialog(null);
      announce('Draft discarded.');
      onClose();
    },
    onError: (error) => setDialogError(error.message),
  });

  const openDialog = (which: NonNullable<typeof dialog>) => {
    setDialogError(null);
    setDialog(which);
  };
  const close = () => (dirty ? openDialog('close') : onClose());
  const busy = save.isPending || publish.isPending || discard.isPending;

  return (
    <FormProvider {...form}>
      <Stack asChild gap="8">
        <form ref={formRef} onSubmit={saveDraft} noValidate aria-label="Edit draft">
          <Alert.Root status="info">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>You are editing a draft.</Alert.Title>
              <Alert.Description>
                Visitors see the published version until you publish. Changes are saved in the draft as you type.
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
          {draftConflict ? (
            <Alert.Root status="warning" role="alert">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>{draftConflict}</Alert.Title>
                <Alert.Description>
                  Your changes are still here. Reload the draft loads the other editor's draft and applies your changes
                  over it; then it is saved with both.
                </Alert.Description>
              </Alert.Content>
              <Button size="sm" variant="outline" onClick={() => void reloadDraft()}>
                Reload the draft
              </Button>
            </Alert.Root>
          ) : null}
          {itemConflict ? (
            <Alert.Root status="warning" role="alert">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>{itemConflict}</Alert.Title>
                <Alert.Description>
                  Your draft is kept. Reload loads the latest published copy underneath it; then Publish applies your
                  draft to it.
                </Alert.Description>
              </Alert.Content>
              <Button size="sm" variant="outline" onClick={() => void reloadItem()}>
                Reload
              </Button>
            </Alert.Root>
          ) : null}
          <FormErrorsAlert messages={formErrors} />

          <BasicFields
            draft={draft}
            update={update}
            errors={errors}
            aliasHelp="The address after /courseware/, e.g. seed-labs/buffer-overflow."
            descriptionRows={12}
          />
          <DraftSections
            draft={draft}
            update={update}
            errors={errors}
            busy={busy}
            progress={progress}
            knowledgeNames={knowledgeNames}
          />

          <Stack gap="3">
            <Text role="status" aria-live="polite" fontSize="sm" color="fg.muted">
              {SAVE_STATE_TEXT[state]}
              {state === 'saved' && savedAt ? ` Last saved ${new Date(savedAt).toLocaleString()}.` : ''}
            </Text>
            <HStack gap="3" wrap="wrap">
              <Button type="submit" variant="outline" loading={save.isPending && !publish.isPending}>
                Save draft
              </Button>
              <Button variant="outline" onClick={() => openDialog('preview')}>
                <EyeIcon aria-hidden="true" />
                Preview as a visitor
              </Button>
              <Button onClick={() => openDialog('publish')} disabled={busy}>
                <SendIcon aria-hidden="true" />
                Publish…
              </Button>
              {draftVersion !== undefined ? (
                <Button variant="outline" colorPalette="red" onClick={() => openDialog('discard')} disabled={busy}>
                  Discard draft…
                </Button>
              ) : null}
              <Button variant="ghost" onClick={close} disabled={busy}>
                Close editor
              </Button>
            </HStack>
          </Stack>

          <ConfirmDialog
            open={dialog === 'publish'}
            title="Publish this draft"
            description="Visitors will see these changes at once. A revision is stored, so it can be restored later."
            confirmLabel="Publish"
            pending={publish.isPending}
            error={dialog === 'publish' ? dialogError : null}
            onConfirm={() => {
              if (!valid) {
                // Save draft shows the messages under their fields and focuses the first.
                setDialog(null);
                formRef.current?.requestSubmit();
                return;
              }
              setDialogError(null);
              publish.mutate();
            }}
            onClose={() => setDialog(null)}
          >
            <FormField
              name="revisionNote"
              label="Note for the change log (optional)"
              hint={`Shown on the public page, e.g. "Task 3 uses Ubuntu 22.04 images". At most ${REVISION_NOTE_MAX_CHARS} characters.`}
            >
              {(described) => (
                <Textarea
                  {...described}
                  value={note}
                  maxLength={REVISION_NOTE_MAX_CHARS}
                  onChange={(event) => setNote(event.target.value)}
                  rows={3}
                />
              )}
            </FormField>
          </ConfirmDialog>
          <ConfirmDialog
            open={dialog === 'discard'}
            title="Discard this draft"
            description="The draft and its changes are deleted. The published version stays as it is."
            confirmLabel="Discard draft"
            destructive
            pending={discard.isPending}
            error={dialog === 'discard' ? dialogError : null}
            onConfirm={() => discard.mutate()}
            onClose={() => setDialog(null)}
          />
          <ConfirmDialog
            open={dialog === 'close'}
            title="Close the editor"
            description="Your latest changes are not saved in the draft yet. Close anyway and lose them?"
            confirmLabel="Close without saving"
            destructive
            onConfirm={() => {
              setDialog(null);
              onClose();
            }}
            onClose={() => setDialog(null)}
          />
          <PreviewDialog open={dialog === 'preview'} onClose={() => setDialog(null)}>
            {dialog === 'preview'
              ? renderPreview(previewDetailOf(draft, { ...detail, content: base }, knowledgeNames))
              : null}
          </PreviewDialog>
        </form>
      </Stack>
    </FormProvider>
  );
}

/** "Preview as a visitor": the public page of the draft in a full-screen dialog. */
function PreviewDialog({ open, onClose, children }: { open: boolean; onClose: () => void; children: ReactNode }) {
  return (
    <Dialog.Root open={open} size="full" onOpenChange={(details) => (details.open ? null : onClose())}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Preview as a visitor</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Alert.Root status="info" mb="6">
                <Alert.Indicator />
                <Alert.Title>
                  This is the draft as visitors will see it after Publish. It is not public yet.
                </Alert.Title>
              </Alert.Root>
              {children}
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                Close preview
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
