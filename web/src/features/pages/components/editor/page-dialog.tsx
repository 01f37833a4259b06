import { Dialog, Input, NativeSelect, Textarea } from '@chakra-ui/react';
import { type FormEvent, type RefObject, useId, useMemo, useRef, useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import {
  PAGE_LAYOUT_LABELS,
  PAGE_LAYOUTS,
  PAGE_STATUS_LABELS,
  PAGE_STATUSES,
  type Page,
  type PageAncestor,
  type PageInput,
  type PageLayoutName,
  type PageStatus,
  type PageSummary,
} from '#shared/contracts/page';
import { PAGE_LIMITS } from '#shared/limits';
import { FormDialog, FormDialogFooter } from '../../../../components/ui/form-dialog.tsx';
import { FormField } from '../../../../components/ui/form-field.tsx';
import { FormProblem } from '../../../../components/ui/form-problem.tsx';
import { announce } from '../../../../lib/announcer.tsx';
import { ApiError } from '../../../../lib/api-client.ts';
import { useZodForm } from '../../../../lib/forms/zod-form.ts';
import { useAllPages, useSavePage } from '../../api/pages.ts';
import {
  firstInvalidPageField,
  isLinkConflict,
  PAGE_FIELDS,
  type PageDraft,
  pageDraftOf,
  pageErrorsFromDetails,
  pageFormSchema,
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
  const [schema] = useState(() => pageFormSchema(page));
  const form = useZodForm(schema, pageDraftOf(page));
  const { register, setError, watch } = form;
  const [formError, setFormError] = useState<string | null>(null);
  const saving = form.formState.isSubmitting;

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

  const store = async (body: PageInput) => {
    busy.current = true;
    try {
      const saved = await save.mutateAsync({
        id: page?.id ?? null,
        body,
        ...(page ? { previousHref: page.href } : {}),
      });
      busy.current = false;
      announce(`${page ? 'Saved' : 'Added'} the page “${saved.title}”.`);
      onClose(saved);
      if (!page) void navigate(saved.href, { replace: true });
      else if (saved.href !== page.href) void navigate(saved.href, { replace: true });
    } catch (error) {
      busy.current = false;
      // Other statuses went to the ERROR dialog through the mutation cache.
      if (!(error instanceof ApiError)) return;
      if (error.statusCode === 400) {
        const { errors, rest } = pageErrorsFromDetails(error.details);
        const first = firstInvalidPageField(errors);
        for (const field of PAGE_FIELDS) {
          const message = errors[field];
          if (message) setError(field, { type: 'server', message }, { shouldFocus: field === first });
        }
        if (rest.length > 0 || first === null) setFormError([error.message, ...rest].join(' '));
      } else if (error.statusCode === 409) {
        if (isLinkConflict(error.message))
          setError('href', { type: 'server', message: error.message }, { shouldFocus: true });
        else setFormError(error.message);
      }
    }
  };

  const submit = (event: FormEvent) => {
    event.stopPropagation();
    if (saving) {
      event.preventDefault();
      return;
    }
    setFormError(null);
    void form.handleSubmit(store)(event);
  };

  const textInput = (field: 'title' | 'href', label: string, max: number, help?: string) => {
    const { ref, ...rest } = register(field);
    return (
      <FormField<PageDraft> name={field} id={`${id}-${field}`} label={label} hint={help} required>
        {(described) => (
          <Input
            {...described}
            {...rest}
            ref={(element) => {
              ref(element);
              if (field === 'title') firstField.current = element;
            }}
            autoComplete="off"
            maxLength={max}
            fontFamily={field === 'href' ? 'mono' : undefined}
          />
        )}
      </FormField>
    );
  };

  const select = (
    field: 'parentId' | 'status' | 'layout',
    label: string,
    options: readonly { value: string; label: string }[],
    settings: { required?: boolean; help?: string; disabled?: boolean } = {},
  ) => (
    <FormField<PageDraft>
      name={field}
      id={`${id}-${field}`}
      label={label}
      hint={settings.help}
      required={settings.required ?? false}
    >
      {(described) => (
        <NativeSelect.Root disabled={settings.disabled}>
          <NativeSelect.Field {...described} {...register(field)}>
            {options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      )}
    </FormField>
  );

  let parentHelp = 'None makes this a top page. Breadcrumbs show the parent pages.';
  if (allPages.isPending) parentHelp = 'Loading the pages…';
  else if (allPages.isError) parentHelp = 'The pages could not be loaded; the parent cannot be changed now.';

  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate>
        <Dialog.Header>
          <Dialog.Title>{page ? 'Edit page' : 'Add new page'}</Dialog.Title>
        </Dialog.Header>
        <Dialog.Body display="flex" flexDirection="column" gap="5">
          <Dialog.Description>Fields marked with an asterisk (*) are required.</Dialog.Description>
          <FormProblem message={formError} />
          {textInput('title', 'Title', PAGE_LIMITS.titleMaxChars)}
          <FormField<PageDraft>
            name="description"
            id={`${id}-description`}
            label="Description"
            required
            hint={`For search engines and link previews. ${count(watch('description').length)} of ${count(PAGE_LIMITS.descriptionMaxChars)} characters.`}
          >
            {(described) => <Textarea {...described} {...register('description')} rows={2} />}
          </FormField>
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
          {watch('layout') === 'groupedList' ? (
            <FormField<PageDraft>
              name="groups"
              id={`${id}-groups`}
              label="Groups"
              hint="One group name per line, in tab order. Spaces around a name, blank lines and repeated names are ignored."
            >
              {(described) => <Textarea {...described} {...register('groups')} rows={4} />}
            </FormField>
          ) : null}
        </Dialog.Body>
        <FormDialogFooter
          submitLabel={page ? 'Save changes' : 'Add page'}
          onCancel={onClose}
          pending={saving}
          loadingText="Saving…"
          onDelete={onDelete}
          deleteLabel="Delete page"
        />
      </form>
    </FormProvider>
  );
}
