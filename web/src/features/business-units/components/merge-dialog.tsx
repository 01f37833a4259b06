import { Alert, Button, Dialog, Input, List, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { type FormEvent, type ReactNode, type RefObject, useRef, useState } from 'react';
import { FormProvider, useWatch } from 'react-hook-form';
import * as z from 'zod';
import type { BusinessUnit, MergedBusinessUnit } from '#shared/contracts/administration';
import { EntityId } from '#shared/contracts/common';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { FormDialog } from '../../../components/ui/form-dialog.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { FormProblem } from '../../../components/ui/form-problem.tsx';
import { useDebouncedValue } from '../../../hooks/use-debounced-value.ts';
import { announce } from '../../../lib/announcer.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useZodForm } from '../../../lib/forms/zod-form.ts';
import { getBusinessUnit } from '../api/get-business-unit.ts';
import { useBusinessUnits } from '../api/list-business-units.ts';
import { useMergeBusinessUnit } from '../api/merge-business-unit.ts';

/** A merge refused, in words. */
function mergeProblem(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.statusCode === 409) {
      return 'One of the two units was changed by someone else meanwhile. Close this dialog and start the merge again.';
    }
    const details = error.details.map((detail) => detail.message).join(' ');
    return details ? `${error.message} ${details}` : error.message;
  }
  return 'The merge did not go through. Try again.';
}

/**
 * Merges a duplicate business unit into the one kept (issue 11 item 1; decision
 * record 030): choose the unit to keep (searched by name), confirm a dialog that
 * says what happens, then read the result — how many users moved, and Finish merge
 * when it stopped before every user was moved (the same merge, repeated, finishes it).
 */
export function MergeDialog({ unit, open, onClose }: { unit: BusinessUnit; open: boolean; onClose: () => void }) {
  const heading = useRef<HTMLHeadingElement | null>(null);
  const busy = useRef(false);
  return (
    <FormDialog open={open} onClose={onClose} initialFocus={heading} busy={busy}>
      <MergeSteps duplicate={unit} heading={heading} busy={busy} onClose={onClose} />
    </FormDialog>
  );
}

const KeptChoice = z.object({
  search: z.string(),
  intoId: z.string().refine((value) => EntityId.safeParse(value).success, 'Choose the business unit to keep.'),
});
type KeptChoice = z.input<typeof KeptChoice>;

function MergeSteps({
  duplicate,
  heading,
  busy,
  onClose,
}: {
  duplicate: BusinessUnit;
  heading: RefObject<HTMLHeadingElement | null>;
  busy: RefObject<boolean>;
  onClose: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<MergedBusinessUnit | null>(null);
  const [kept, setKept] = useState<BusinessUnit | null>(null);
  const merge = useMergeBusinessUnit();
  const resultRef = useRef<HTMLDivElement>(null);
  busy.current = merge.isPending;

  const run = async (into: BusinessUnit, version: number) => {
    try {
      const merged = await merge.mutateAsync({
        id: duplicate.id,
        body: { intoId: into.id, version, intoVersion: into.version },
      });
      setConfirming(false);
      setResult(merged);
      setKept(merged.into);
      announce(
        merged.complete
          ? `${duplicate.name} is merged into ${merged.into.name}: ${merged.usersMoved} users moved.`
          : `The merge stopped after ${merged.usersMoved} users. Finish merge moves the rest.`,
      );
      queueMicrotask(() => resultRef.current?.focus());
    } catch (error) {
      setProblem(mergeProblem(error));
    }
  };

  const finish = async () => {
    if (!kept) return;
    setProblem(null);
    try {
      // The duplicate's version moved with the first attempt: read it again.
      const current = await getBusinessUnit(duplicate.id);
      await run(kept, current.version);
    } catch (error) {
      setProblem(mergeProblem(error));
    }
  };

  const title = (
    <Dialog.Header>
      <Dialog.Title ref={heading} tabIndex={-1}>
        Merge {duplicate.name}
      </Dialog.Title>
    </Dialog.Header>
  );
  if (result) {
    return (
      <>
        {title}
        <Dialog.Body display="flex" flexDirection="column" gap="4">
          <Alert.Root status={result.complete ? 'success' : 'warning'} ref={resultRef} tabIndex={-1}>
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>
                {result.complete ? 'Merged.' : 'The merge is not finished.'} {result.usersMoved} users moved to{' '}
                {result.into.name}.
              </Alert.Title>
              <Alert.Description>
                {result.complete
                  ? `${duplicate.name} no longer appears in lists; its download history counts for ${result.into.name}.`
                  : 'Some users still belong to the duplicate. Finish merge moves them; nothing is lost meanwhile.'}
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
          <FormProblem message={problem} />
        </Dialog.Body>
        <Dialog.Footer>
          {result.complete ? null : (
            <Button colorPalette="brand" loading={merge.isPending} onClick={() => void finish()}>
              Finish merge
            </Button>
          )}
          <Button variant="outline" onClick={onClose} disabled={merge.isPending}>
            Close
          </Button>
        </Dialog.Footer>
      </>
    );
  }

  return (
    <KeptForm
      duplicate={duplicate}
      title={title}
      onReview={(chosen) => {
        setKept(chosen);
        setProblem(null);
        setConfirming(true);
      }}
      onClose={onClose}
    >
      <ConfirmDialog
        open={confirming && kept !== null}
        title={`Merge ${duplicate.name} into ${kept?.name ?? ''}?`}
        description="This cannot be undone here:"
        confirmLabel="Merge"
        destructive
        pending={merge.isPending}
        error={problem}
        onConfirm={() => {
          if (kept) void run(kept, duplicate.version);
        }}
        onClose={() => setConfirming(false)}
      >
        <Stack gap="2">
          <List.Root ps="5">
            <List.Item>
              Every user of {duplicate.name} moves to {kept?.name}.
            </List.Item>
            <List.Item>
              The download history of {duplicate.name} stays, attributed to {kept?.name}.
            </List.Item>
            <List.Item>{duplicate.name} disappears from lists and searches.</List.Item>
          </List.Root>
          <Text color="fg.muted">The merge is recorded in the audit log.</Text>
        </Stack>
      </ConfirmDialog>
    </KeptForm>
  );
}

/**
 * The first step of a merge: the business unit to keep, searched by name (at least
 * 2 characters) and chosen among the units found (the duplicate left out).
 * `onReview` gets the unit chosen; `children` (the confirmation) go inside the form.
 */
function KeptForm({
  duplicate,
  title,
  onReview,
  onClose,
  children,
}: {
  duplicate: BusinessUnit;
  title: ReactNode;
  onReview: (kept: BusinessUnit) => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const form = useZodForm(KeptChoice, { search: '', intoId: '' });
  const typed = useDebouncedValue(useWatch({ control: form.control, name: 'search' }).trim());
  const units = useBusinessUnits({ q: typed.length >= 2 ? typed : undefined });
  const choices = (units.data?.pages[0]?.items ?? []).filter((one) => one.id !== duplicate.id);

  const review = (event: FormEvent) => {
    event.stopPropagation();
    return form.handleSubmit(({ intoId }) => {
      const chosen = choices.find((one) => one.id === intoId);
      // A unit chosen before the search changed is no longer among the choices.
      if (chosen) onReview(chosen);
      else
        form.setError(
          'intoId',
          { type: 'choice', message: 'Choose the business unit to keep.' },
          { shouldFocus: true },
        );
    })(event);
  };

  return (
    <FormProvider {...form}>
      <form onSubmit={(event) => void review(event)} noValidate>
        {title}
        <Dialog.Body display="flex" flexDirection="column" gap="4">
          <Dialog.Description>
            Choose the business unit to keep. {duplicate.name} is the duplicate: it goes away, and its users and
            download history go to the unit kept.
          </Dialog.Description>
          <FormField<KeptChoice> name="search" label="Search business units" hint="At least 2 characters of the name.">
            {(control) => <Input {...control} {...form.register('search')} type="search" autoComplete="off" />}
          </FormField>
          <FormField<KeptChoice>
            name="intoId"
            label="Business unit to keep"
            required
            hint={
              <span aria-live="polite">
                {units.isFetching ? 'Searching…' : `${choices.length} business units match.`}
              </span>
            }
          >
            {(control) => (
              <NativeSelect.Root>
                <NativeSelect.Field {...control} {...form.register('intoId')}>
                  <option value="">Choose a business unit</option>
                  {choices.map((one) => (
                    <option key={one.id} value={one.id}>
                      {one.name}
                      {one.state ? ` (${one.state})` : ''}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            )}
          </FormField>
        </Dialog.Body>
        <Dialog.Footer>
          <Button type="button" variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" colorPalette="brand">
            Review merge
          </Button>
        </Dialog.Footer>
        {children}
      </form>
    </FormProvider>
  );
}
