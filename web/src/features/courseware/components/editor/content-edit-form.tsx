import { Alert, Button, Field, Input, SimpleGrid, Stack } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { type Content, todayUtc } from '#shared/contracts/content';
import { CURATED_LABELS, type CuratedLabel } from '#shared/enums';
import { announce } from '../../../../lib/announcer.tsx';
import { ApiError } from '../../../../lib/api-client.ts';
import { getContentQueryOptions } from '../../api/get-content.ts';
import { storeSavedContent, usePatchContent } from '../../api/patch-content.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { type ContentDraft, draftFieldId, draftOf, patchOf } from './content-draft.ts';
import { BasicFields, ClassificationFields, ErrorText, KeywordsField } from './content-fields.tsx';
import { FormErrorsAlert, SubmitCancelButtons } from './form-parts.tsx';
import { useDraftErrors } from './use-draft-errors.ts';

const CURATED_FIELD_LABELS: Record<CuratedLabel, string> = {
  courseware: 'Courseware last curated',
  environment: 'Environment last curated',
};

/**
 * The edit mode of an existing content item (spec §4 "Content modes", §5 "Content
 * editing"). Save sends a PATCH with the version the form started from: success
 * hands the saved item to `onSaved`; a 409 keeps every typed value and offers
 * Reload (which discards them only after a confirmation); field errors, the form's
 * and the server's, show under their fields, are announced and take the focus.
 * Cancel hands back to `onCancel` (the caller shows the last saved copy again).
 * The description is edited as HTML source: rich-text editing is not built yet.
 */
export function ContentEditForm({
  content,
  onSaved,
  onCancel,
}: {
  content: Content;
  onSaved: (saved: Content) => void;
  onCancel: () => void;
}) {
  const queryClient = useQueryClient();
  const patch = usePatchContent();
  const [base, setBase] = useState(content);
  const [draft, setDraft] = useState<ContentDraft>(() => draftOf(content));
  const { errors, setErrors, formErrors, setFormErrors, checkDraft, showServerErrors } = useDraftErrors();
  const [conflict, setConflict] = useState<string | null>(null);
  const [reloadOpen, setReloadOpen] = useState(false);
  const [reloading, setReloading] = useState(false);
  const today = todayUtc();

  const update = <K extends keyof ContentDraft>(key: K, value: ContentDraft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));
  const fields = { draft, update, errors };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!checkDraft(draft, today)) return;
    patch.mutate(
      { id: base.id, body: patchOf(draft, base.version) },
      {
        onSuccess: (saved) => {
          setConflict(null);
          announce('Saved');
          onSaved(saved);
        },
        onError: (error) => {
          if (!(error instanceof ApiError)) return;
          if (error.statusCode === 409) setConflict(error.message);
          else if (error.statusCode === 400) showServerErrors(error);
        },
      },
    );
  };

  const reload = async () => {
    setReloading(true);
    try {
      const fresh = await queryClient.fetchQuery({ ...getContentQueryOptions(base.id), staleTime: 0 });
      storeSavedContent(queryClient, fresh.content);
      setBase(fresh.content);
      setDraft(draftOf(fresh.content));
      setErrors({});
      setFormErrors([]);
      setConflict(null);
      setReloadOpen(false);
      announce('Reloaded the latest saved copy.');
    } finally {
      setReloading(false);
    }
  };

  return (
    <Stack asChild gap="6">
      <form onSubmit={submit} noValidate aria-label="Edit content">
        {conflict ? (
          <Alert.Root status="warning" role="alert">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{conflict}</Alert.Title>
              <Alert.Description>Your changes are still here. Reload discards them.</Alert.Description>
            </Alert.Content>
            <Button size="sm" variant="outline" onClick={() => setReloadOpen(true)}>
              Reload
            </Button>
          </Alert.Root>
        ) : null}
        <FormErrorsAlert messages={formErrors} />

        <BasicFields
          {...fields}
          aliasHelp="The address after /courseware/, e.g. seed-labs/buffer-overflow."
          descriptionRows={12}
        />
        <ClassificationFields {...fields} />
        <KeywordsField {...fields} />

        <SimpleGrid columns={{ base: 1, md: 2 }} gap="6">
          {CURATED_LABELS.map((label) => {
            const field = `lastCurated.${label}` as const;
            return (
              <Field.Root key={label} id={draftFieldId(field)} invalid={Boolean(errors[field])}>
                <Field.Label>{CURATED_FIELD_LABELS[label]}</Field.Label>
                <Input
                  type="date"
                  max={today}
                  value={draft.lastCurated[label]}
                  onChange={(event) => update('lastCurated', { ...draft.lastCurated, [label]: event.target.value })}
                />
                <ErrorText message={errors[field]} />
              </Field.Root>
            );
          })}
        </SimpleGrid>

        <SubmitCancelButtons label="Save" pending={patch.isPending} onCancel={onCancel} />

        <ConfirmDialog
          open={reloadOpen}
          title="Reload this content?"
          description="The latest saved copy replaces the form. Your unsaved changes will be lost."
          confirmLabel="Discard and reload"
          cancelLabel="Keep editing"
          pending={reloading}
          onConfirm={() => void reload()}
          onClose={() => setReloadOpen(false)}
        />
      </form>
    </Stack>
  );
}
