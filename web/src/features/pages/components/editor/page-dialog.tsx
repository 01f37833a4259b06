import { Alert, Button, Dialog, Field, HStack, Input, NativeSelect, Spacer, Textarea } from '@chakra-ui/react';
import { Trash2Icon } from 'lucide-react';
import { type FormEvent, type RefObject, useId, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  PAGE_LAYOUT_LABELS,
  PAGE_LAYOUTS,
  PAGE_STATUS_LABELS,
  PAGE_STATUSES,
  type Page,
  type PageAncestor,
  type PageLayoutName,
  type PageStatus,
  type PageSummary,
} from '#shared/contracts/page';
import { PAGE_LIMITS } from '#shared/limits';
import { FieldErrorText, fieldIds } from '../../../../components/ui/field-parts.tsx';
import { FormDialog } from '../../../../components/ui/form-dialog.tsx';
import { useFieldRegistry } from '../../../../hooks/use-field-registry.ts';
import { useRevalidation } from '../../../../hooks/use-revalidation.ts';
import { announce } from '../../../../lib/announcer.tsx';
import { ApiError } from '../../../../lib/api-client.ts';
import { useAllPages, useSavePage } from '../../api/pages.ts';
import {
  checkPageDraft,
  firstInvalidPageField,
  isLinkConflict,
  type PageDraft,
  type PageErrors,
  type PageField,
  pageDraftOf,
  pageErrorsFromDetails,
} from './page-form.ts';

const count = (value: number) => value.toLocaleString('en-US');

/** Props of {@link PageDialog}. */
export interface PageDialogProps {
  /** Whether the dialog is shown; the form is mounted with it, so each opening starts from `page`. */
  readonly open: boolean;
  /** The page to edit, or null to create one. */
  readonly page: Page | null;
  /** The page's breadcrumbs (to name its parent before the page list has loaded). */
  readonly ancestors?: readonly PageAncestor[];
  /**
   * Called when the dialog is cancelled (Cancel, Close, Escape: no argument) and
   * after a save (with the stored page, before the dialog navigates to it).
   */
  readonly onClose: (saved?: Page) => void;
  /** When given (editing, with the `deletePage` capability), a Delete page button calls it. */
  readonly onDelete?: () => void;
}

/**
 * The create and edit dialog of CMS pages (spec §2.14, §4 "Pages", §5 "Pages"):
 * title*, description*, link* (hyphens allowed), parent page (from the page list,
 * not the page itself nor one below it; none = a top page), status* (a required
 * choice without a default on create), layout (hand-sorted or grouped list) and,
 * for a grouped list, its group names (one per line, in tab order). Saving checks
 * the fields with the shared contract (each message under its field, announced as
 * an alert, the focus on the first invalid field); the server's 400 field messages
 * and 409 (link taken, changed by someone else) show in the form. The dialog closes
 * after saving; a created page is opened at its link (replacing the entry of the
 * create screen, spec §4 "Create navigates to the page's link"), an edited page
 * whose link changed is opened at the new one.
 */
export function PageDialog({ open, page, ancestors = [], onClose, onDelete }: PageDialogProps) {
  const firstField = useRef<HTMLInputElement | null>(null);
  const busy = useRef(false);
  return (
    <FormDialog open={open} onClose={onClose} initialFocus={firstField} busy={busy}>
      <PageForm
        page={page}
        ancestors={ancestors}
        firstField={firstField}
        busy={busy}
        onClose={onClose}
        onDelete={onDelete}
      />
    </FormDialog>
  );
}

/** The ids of `page` and every page below it (by `parentId`), which may not become its parent. */
export function pageAndDescendants(
  pageId: string,
  pages: readonly Pick<PageSummary, 'id' | 'parentId'>[],
): Set<string> {
  const below = new Set([pageId]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const candidate of pages) {
      if (candidate.parentId !== null && below.has(candidate.parentId) && !below.has(candidate.id)) {
        below.add(candidate.id);
        grew = true;
      }
    }
  }
  return below;
}

function PageForm({
  page,
  ancestors,
  firstField,
  busy,
  onClose,
  onDelete,
}: {
  page: Page | null;
  ancestors: readonly PageAncestor[];
  firstField: RefObject<HTMLInputElement | null>;
  busy: RefObject<boolean>;
  onClose: (saved?: Page) => void;
  onDelete: (() => void) | undefined;
}) {
  const id = useId();
  const navigate = useNavigate();
  const save = useSavePage();
  const allPages = useAllPages();
  const [draft, setDraft] = useState<PageDraft>(() => pageDraftOf(page));
  const [errors, setErrors] = useState<PageErrors>({});
  useRevalidation(draft, setErrors, (current: PageDraft) => {
    const check = checkPageDraft(current, page);
    return check.ok ? {} : check.errors;
  });
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const { register, focus } = useFieldRegistry<PageField>('title', firstField);

  const parentOptions = useMemo(() => {
    const pages = allPages.data ?? [];
    const excluded = page ? pageAndDescendants(page.id, pages) : new Set<string>();
    const options = pages
      .filter((candidate) => !excluded.has(candidate.id))
      .map((candidate) => ({ id: candidate.id, label: `${candidate.title} (${candidate.href})` }));
    // The current parent stays choosable while the list loads (or if the list misses it).
    const parentId = page?.parentId ?? null;
    if (parentId !== null && !options.some((option) => option.id === parentId)) {
      const known = ancestors.find((ancestor) => ancestor.id === parentId);
      options.unshift({ id: parentId, label: known ? `${known.title} (${known.href})` : 'The current parent page' });
    }
    return options;
  }, [allPages.data, page, ancestors]);

  const update = <F extends PageField>(field: F, value: PageDraft[F]) => {
    setDraft((current) => ({ ...current, [field]: value }));
  };
  const showErrors = (next: PageErrors, whole: string | null) => {
    setErrors(next);
    setFormError(whole);
    const first = firstInvalidPageField(next);
    focus(first);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    if (saving) return;
    const check = checkPageDraft(draft, page);
    if (!check.ok) {
      showErrors(check.errors, null);
      return;
    }
    setErrors({});
    setFormError(null);
    setSaving(true);
    busy.current = true;
    try {
      const saved = await save.mutateAsync({
        id: page?.id ?? null,
        body: check.body,
        ...(page ? { previousHref: page.href } : {}),
      });
      busy.current = false;
      announce(`${page ? 'Saved' : 'Added'} the page “${saved.title}”.`);
      onClose(saved);
      if (!page) void navigate(saved.href, { replace: true });
      else if (saved.href !== page.href) void navigate(saved.href, { replace: true });
    } catch (error) {
      busy.current = false;
      setSaving(false);
      // Other statuses went to the ERROR dialog through the mutation cache.
      if (!(error instanceof ApiError)) return;
      if (error.statusCode === 400) {
        const { errors: fieldErrors, rest } = pageErrorsFromDetails(error.details);
        const whole =
          rest.length > 0 || Object.keys(fieldErrors).length === 0 ? [error.message, ...rest].join(' ') : null;
        showErrors(fieldErrors, whole);
      } else if (error.statusCode === 409) {
        if (isLinkConflict(error.message)) showErrors({ href: error.message }, null);
        else showErrors({}, error.message);
      }
    }
  };

  const textInput = (field: 'title' | 'href', label: string, max: number, help?: string) => {
    const { ids, describedBy } = fieldIds(`${id}-${field}`, { help: Boolean(help), error: Boolean(errors[field]) });
    return (
      <Field.Root ids={ids} invalid={Boolean(errors[field])} required>
        <Field.Label>
          {label}
          <Field.RequiredIndicator />
        </Field.Label>
        <Input
          ref={register(field)}
          aria-describedby={describedBy}
          autoComplete="off"
          maxLength={max}
          value={draft[field]}
          onChange={(event) => update(field, event.target.value)}
          fontFamily={field === 'href' ? 'mono' : undefined}
        />
        {help ? <Field.HelperText>{help}</Field.HelperText> : null}
        <FieldErrorText message={errors[field]} />
      </Field.Root>
    );
  };

  const select = (
    field: 'parentId' | 'status' | 'layout',
    label: string,
    options: readonly { value: string; label: string }[],
    settings: { required?: boolean; help?: string; disabled?: boolean } = {},
  ) => {
    const { ids, describedBy } = fieldIds(`${id}-${field}`, {
      help: Boolean(settings.help),
      error: Boolean(errors[field]),
    });
    return (
      <Field.Root ids={ids} invalid={Boolean(errors[field])} required={settings.required}>
        <Field.Label>
          {label}
          {settings.required ? <Field.RequiredIndicator /> : null}
        </Field.Label>
        <NativeSelect.Root disabled={settings.disabled}>
          <NativeSelect.Field
            ref={register(field)}
            aria-describedby={describedBy}
            value={draft[field]}
            onChange={(event) => update(field, event.target.value as PageDraft[typeof field])}
          >
            {options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        {settings.help ? <Field.HelperText>{settings.help}</Field.HelperText> : null}
        <FieldErrorText message={errors[field]} />
      </Field.Root>
    );
  };

  const descriptionIds = fieldIds(`${id}-description`, { help: true, error: Boolean(errors.description) });
  const groupsIds = fieldIds(`${id}-groups`, { help: true, error: Boolean(errors.groups) });
  let parentHelp = 'None makes this a top page. Breadcrumbs show the parent pages.';
  if (allPages.isPending) parentHelp = 'Loading the pages…';
  else if (allPages.isError) parentHelp = 'The pages could not be loaded; the parent cannot be changed now.';

  return (
    <form onSubmit={submit} noValidate>
      <Dialog.Header>
        <Dialog.Title>{page ? 'Edit page' : 'Add new page'}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body display="flex" flexDirection="column" gap="5">
        <Dialog.Description>Fields marked with an asterisk (*) are required.</Dialog.Description>
        {formError ? (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Title>{formError}</Alert.Title>
          </Alert.Root>
        ) : null}
        {textInput('title', 'Title', PAGE_LIMITS.titleMaxChars)}
        <Field.Root ids={descriptionIds.ids} invalid={Boolean(errors.description)} required>
          <Field.Label>
            Description
            <Field.RequiredIndicator />
          </Field.Label>
          <Textarea
            ref={register('description')}
            aria-describedby={descriptionIds.describedBy}
            rows={2}
            value={draft.description}
            onChange={(event) => update('description', event.target.value)}
          />
          <Field.HelperText>
            For search engines and link previews. {count(draft.description.length)} of{' '}
            {count(PAGE_LIMITS.descriptionMaxChars)} characters.
          </Field.HelperText>
          <FieldErrorText message={errors.description} />
        </Field.Root>
        {textInput(
          'href',
          'Link',
          PAGE_LIMITS.hrefMaxChars,
          "The page's address: '/' then lower-case letters, numbers, hyphens or '/', for example /call-for-courseware.",
        )}
        {select(
          'parentId',
          'Parent page',
          [
            { value: '', label: 'None (a top page)' },
            ...parentOptions.map((option) => ({ value: option.id, label: option.label })),
          ],
          { help: parentHelp, disabled: allPages.isError },
        )}
        {select(
          'status',
          'Status',
          [
            ...(page ? [] : [{ value: '', label: 'Choose a status' }]),
            ...PAGE_STATUSES.map((status: PageStatus) => ({ value: status, label: PAGE_STATUS_LABELS[status] })),
          ],
          { required: true, help: 'An unpublished page is seen by content editors only.' },
        )}
        {select(
          'layout',
          'Layout',
          PAGE_LAYOUTS.map((layout: PageLayoutName) => ({ value: layout, label: PAGE_LAYOUT_LABELS[layout] })),
          { help: 'A grouped list shows a tab per group; each section names its group.' },
        )}
        {draft.layout === 'groupedList' ? (
          <Field.Root ids={groupsIds.ids} invalid={Boolean(errors.groups)}>
            <Field.Label>Groups</Field.Label>
            <Textarea
              ref={register('groups')}
              aria-describedby={groupsIds.describedBy}
              rows={4}
              value={draft.groups}
              onChange={(event) => update('groups', event.target.value)}
            />
            <Field.HelperText>
              One group name per line, in tab order. Spaces around a name, blank lines and repeated names are ignored.
            </Field.HelperText>
            <FieldErrorText message={errors.groups} />
          </Field.Root>
        ) : null}
      </Dialog.Body>
      <Dialog.Footer>
        {onDelete ? (
          <>
            <Button type="button" variant="outline" colorPalette="red" onClick={onDelete} disabled={saving}>
              <Trash2Icon aria-hidden="true" />
              Delete page
            </Button>
            <Spacer />
          </>
        ) : null}
        <HStack gap="3">
          <Button type="button" variant="outline" onClick={() => onClose()} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" colorPalette="brand" loading={saving} loadingText="Saving…">
            {page ? 'Save changes' : 'Add page'}
          </Button>
        </HStack>
      </Dialog.Footer>
    </form>
  );
}
