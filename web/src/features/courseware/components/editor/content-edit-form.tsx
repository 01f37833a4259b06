import { Alert, Button, Stack } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { ALIAS_TAKEN_MESSAGE, type ChildContent, type Content, type ContentDetail } from '#shared/contracts/content';
import { LoadError } from '../../../../components/ui/load-error.tsx';
import { announce } from '../../../../lib/announcer.tsx';
import { ApiError } from '../../../../lib/api-client.ts';
import { getContentQueryOptions } from '../../api/get-content.ts';
import { getAllContentChildren, useContentChildren } from '../../api/get-content-children.ts';
import { storeSavedContent } from '../../api/patch-content.ts';
import { type ContentDraft, draftOf, rebaseDraft } from './content-draft.ts';
import { BasicFields } from './content-fields.tsx';
import { DraftEditor } from './draft-edit-form.tsx';
import { DraftSections } from './draft-sections.tsx';
import { EditorLoading } from './editor-loading.tsx';
import { knowledgeNamesOf } from './editor-parts.tsx';
import { FormErrorsAlert, SubmitCancelButtons } from './form-parts.tsx';
import { useDraftForm } from './use-draft-form.ts';
import { useSaveContent } from './use-save-content.ts';

/**
 * The edit mode of an existing item: loads every page of its children first (the
 * save lists them all), showing that it is loading, then the form — the draft form
 * for an item visitors see (`renderPreview` given; issue 25 item 2).
 */
export function ContentEditor({
  detail,
  onSaved,
  onCancel,
  renderPreview,
}: {
  detail: ContentDetail;
  onSaved: (saved: Content) => void;
  onCancel: () => void;
  /**
   * Given for an item visitors see (issue 25 item 2): the changes are kept as a draft
   * ({@link DraftEditor}), previewed with this public view and published in one step.
   */
  renderPreview?: ((detail: ContentDetail) => ReactNode) | undefined;
}) {
  const hasChildren = detail.content.children.length > 0;
  const children = useContentChildren({ id: detail.content.id, enabled: hasChildren });
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = children;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (hasChildren && children.isError) {
    return (
      <LoadError
        title="The children could not be loaded, so this content cannot be edited now."
        onRetry={() => void children.refetch()}
        onCancel={onCancel}
      />
    );
  }
  if (hasChildren && (children.isPending || hasNextPage)) {
    return <EditorLoading label="Loading the editor" />;
  }
  const items = children.data?.pages.flatMap((page) => page.items) ?? [];
  if (renderPreview) {
    return (
      <DraftEditor
        detail={detail}
        items={hasChildren ? items : []}
        renderPreview={renderPreview}
        onPublished={onSaved}
        onClose={onCancel}
      />
    );
  }
  return <ContentEditForm detail={detail} items={hasChildren ? items : []} onSaved={onSaved} onCancel={onCancel} />;
}

/**
 * The edit form of an existing content item (spec §4 "Content modes", "Saving
 * content, in order"; §5 "Content editing"). Save checks the form, then uploads the
 * new portraits and files and sends one save ({@link useSaveContent}) based on the
 * version the form started from: success hands the saved item to `onSaved`; any
 * failure keeps edit mode and every typed value, field errors (the form's and the
 * server's) show under their fields and take the focus. A 409 (changed by someone
 * else) offers Reload, which loads the latest saved copy underneath the draft: the
 * draft stays as typed, and the next Save applies it to the latest version (decision
 * record 019). Cancel hands back to `onCancel` (the caller shows the last saved copy).
 */
export function ContentEditForm({
  detail,
  items,
  onSaved,
  onCancel,
}: {
  detail: ContentDetail;
  items: readonly ChildContent[];
  onSaved: (saved: Content) => void;
  onCancel: () => void;
}) {
  const queryClient = useQueryClient();
  const [base, setBase] = useState(detail.content);
  const save = useSaveContent(base);
  const { form, draft, update, replace, errors, formErrors, setFormErrors, showErrors, submit, showServerErrors } =
    useDraftForm(() => draftOf(detail, items));
  /** The saved copy the draft is based on: what Reload merges the draft against. */
  const [original, setOriginal] = useState<ContentDraft>(draft);
  const [conflict, setConflict] = useState<string | null>(null);
  const [reloaded, setReloaded] = useState(false);
  const [reloading, setReloading] = useState(false);

  const fields = { draft, update, errors };
  const busy = save.isPending;
  // Chips of the saved knowledge are named from the item itself, never from the catalogue.
  const knowledgeNames = useMemo(() => knowledgeNamesOf(base), [base]);

  const store = submit(busy, (draft) => {
    setReloaded(false);
    save.mutate(
      { draft },
      {
        onSuccess: ({ content }) => {
          setConflict(null);
          announce('Saved.');
          onSaved(content);
        },
        onError: (error) => {
          if (!(error instanceof ApiError)) return;
          if (error.statusCode === 409 && error.message === ALIAS_TAKEN_MESSAGE)
            showErrors({ urlAlias: error.message });
          else if (error.statusCode === 409) setConflict(error.message);
          else if (error.statusCode === 400) showServerErrors(error);
        },
      },
    );
  });

  /** Loads the latest saved copy under the draft: the version, the stored children and contributors' versions. */
  const reload = async () => {
    setReloading(true);
    try {
      const fresh = await queryClient.fetchQuery({ ...getContentQueryOptions(base.id), staleTime: 0 });
      const freshChildren = fresh.content.children.length > 0 ? await getAllContentChildren(base.id) : [];
      storeSavedContent(queryClient, fresh.content);
      setBase(fresh.content);
      const theirs = draftOf(fresh, freshChildren);
      replace((current) => rebaseDraft(original, current, theirs));
      setOriginal(theirs);
      setConflict(null);
      setFormErrors([]);
      setReloaded(true);
      announce('Loaded the latest saved copy. Your changes are kept.');
    } catch {
      // The ERROR dialog has reported it; the offer stays.
    } finally {
      setReloading(false);
    }
  };

  return (
    <FormProvider {...form}>
      <Stack asChild gap="8">
        <form onSubmit={store} noValidate aria-label="Edit content">
          {conflict ? (
            <Alert.Root status="warning" role="alert">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>{conflict}</Alert.Title>
                <Alert.Description>
                  Your changes are still here. Reload loads the latest saved copy and keeps your changes; then Save
                  applies them to it.
                </Alert.Description>
              </Alert.Content>
              <Button size="sm" variant="outline" loading={reloading} onClick={() => void reload()}>
                Reload
              </Button>
            </Alert.Root>
          ) : null}
          {reloaded ? (
            <Alert.Root status="info">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>The latest saved copy is loaded.</Alert.Title>
                <Alert.Description>
                  Your changes are kept in the form. Save applies them over the latest copy; Cancel discards them and
                  shows the latest copy.
                </Alert.Description>
              </Alert.Content>
            </Alert.Root>
          ) : null}
          <FormErrorsAlert messages={formErrors} />

          <BasicFields
            {...fields}
            aliasHelp="The address after /courseware/, e.g. seed-labs/buffer-overflow."
            descriptionRows={12}
          />
          <DraftSections {...fields} busy={busy} progress={save.progress} knowledgeNames={knowledgeNames} />

          <SubmitCancelButtons label="Save" pending={busy} onCancel={onCancel} />
        </form>
      </Stack>
    </FormProvider>
  );
}
