import * as z from 'zod';
import {
  DEFAULT_PAGE_LAYOUT,
  groupNameKey,
  PAGE_GROUP_PREFIX,
  PAGE_HREF_TAKEN_MESSAGE,
  type Page,
  PageGroupName,
  PageInput,
  type PageLayoutName,
  type PageStatus,
  pageGroups,
} from '#shared/contracts/page';
import { PAGE_LIMITS } from '#shared/limits';
import { formValue } from '../../../../lib/forms/zod-form.ts';

/**
 * The page dialog's form (spec §5 "Pages"): its draft, the fields in screen order,
 * and the checks made before saving with the shared contract's schemas
 * (`PageInput`, `PageGroupName`), so the dialog and the server say the same.
 */

/** What the page dialog edits. `parentId` '' is the top; `status` '' is not chosen yet. */
export interface PageDraft {
  readonly title: string;
  readonly description: string;
  readonly href: string;
  readonly parentId: string;
  readonly status: PageStatus | '';
  readonly layout: PageLayoutName;
  /** The group names of a grouped list, one per line, in order. */
  readonly groups: string;
}

/** One field of the dialog. */
export type PageField = keyof PageDraft;

/** The first message per field. */
export type PageErrors = Partial<Record<PageField, string>>;

/** The fields in screen order (the first invalid one gets the focus). */
export const PAGE_FIELDS: readonly PageField[] = [
  'title',
  'description',
  'href',
  'parentId',
  'status',
  'layout',
  'groups',
];

/** Message of a status not chosen (spec §4 "Pages": a required choice, no default). */
export const STATUS_REQUIRED_MESSAGE = 'Choose a status.';

/** The draft of a new page (no status chosen, a hand-sorted list) or of a stored one. */
export function pageDraftOf(page: Page | null): PageDraft {
  if (!page) {
    return { title: '', description: '', href: '', parentId: '', status: '', layout: DEFAULT_PAGE_LAYOUT, groups: '' };
  }
  return {
    title: page.title,
    description: page.meta.description,
    href: page.href,
    parentId: page.parentId ?? '',
    status: page.status,
    layout: page.layout.name,
    groups: pageGroups(page.layout).join('\n'),
  };
}

/**
 * The group names of the draft (spec §5 "Pages": trimmed; blank and duplicate names
 * ignored), in order.
 */
export function groupNames(groups: string): string[] {
  const seen = new Set<string>();
  return groups
    .split('\n')
    .map((line) => line.trim())
    .filter((name) => {
      // Repeats are compared case-insensitively (issue 21 item 16): the first spelling is kept.
      const key = groupNameKey(name);
      if (name === '' || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

/** The outcome of {@link checkPageDraft}: the body to send, or the field messages. */
export type PageDraftCheck =
  | { readonly ok: true; readonly body: PageInput }
  | { readonly ok: false; readonly errors: PageErrors };

/**
 * Checks a draft as the server will (spec §5 "Pages"): title and description
 * required (at most 256), link required (at most 1024, `PAGE_HREF_MESSAGE`),
 * status chosen, each group name at most 128 characters and at most 50 groups. The
 * layout parameters of `page` that are not groups are kept; the groups become
 * `group-<name>` = position (decision record 026). Answers the body when all holds.
 */
export function checkPageDraft(draft: PageDraft, page: Page | null): PageDraftCheck {
  const errors: PageErrors = {};
  const groups = groupNames(draft.groups);
  const tooLong = groups.find((name) => !PageGroupName.safeParse(name).success);
  if (tooLong !== undefined) {
    errors.groups = `“${tooLong.slice(0, 40)}…”: a group name has at most ${PAGE_LIMITS.groupNameMaxChars} characters.`;
  } else if (groups.length > PAGE_LIMITS.groupsMax) {
    errors.groups = `At most ${PAGE_LIMITS.groupsMax} groups.`;
  }
  const parameters = Object.fromEntries(
    Object.entries(page?.layout.parameters ?? {}).filter(([key]) => !key.startsWith(PAGE_GROUP_PREFIX)),
  );
  groups.forEach((name, position) => {
    parameters[`${PAGE_GROUP_PREFIX}${name}`] = String(position);
  });
  const body = {
    title: draft.title,
    href: draft.href,
    parentId: draft.parentId === '' ? null : draft.parentId,
    status: draft.status === '' ? undefined : draft.status,
    meta: { description: draft.description, images: page?.meta.images ?? [] },
    layout: { name: draft.layout, parameters },
  };
  const parsed = PageInput.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = fieldOfPath(issue.path.map(String));
      if (field) errors[field] ??= issue.message;
    }
  }
  if (draft.status === '') errors.status = STATUS_REQUIRED_MESSAGE;
  if (Object.keys(errors).length > 0 || !parsed.success) return { ok: false, errors };
  return { ok: true, body: parsed.data };
}

/** The dialog field a contract path (`meta.description`, `layout.parameters.…`) belongs to, or null. */
function fieldOfPath(path: readonly string[]): PageField | null {
  const [first, second] = path;
  if (first === 'meta') return second === 'description' ? 'description' : null;
  if (first === 'layout') return second === 'parameters' ? 'groups' : 'layout';
  if (first === 'title' || first === 'href' || first === 'parentId' || first === 'status') return first;
  return null;
}

/**
 * The page dialog's form schema (issue 23 item 4), for `useZodForm`: the draft
 * checked by {@link checkPageDraft} (the shared `PageInput` and `PageGroupName`
 * with their messages, spec §5 "Pages"), each message at its field; parses to the
 * request body (`page`'s other layout parameters and images kept).
 */
export function pageFormSchema(page: Page | null): z.ZodType<PageInput, PageDraft> {
  return formValue<PageDraft>().transform((draft, context) => {
    const check = checkPageDraft(draft, page);
    if (check.ok) return check.body;
    const found = Object.entries(check.errors);
    for (const [path, message] of found) context.addIssue({ code: 'custom', path: [path], message });
    // A problem outside the dialog's fields (none is known) still stops the save.
    if (found.length === 0) context.addIssue({ code: 'custom', path: ['form'], message: 'Is invalid.' });
    return z.NEVER;
  });
}

/** The first field of `errors` in screen order, or null. */
export function firstInvalidPageField(errors: PageErrors): PageField | null {
  return PAGE_FIELDS.find((field) => errors[field]) ?? null;
}

/**
 * Field messages of a 400 answer (`details` paths like `body.meta.description`), for
 * the fields the dialog shows; the others are answered as `rest` (shown above the
 * fields).
 */
export function pageErrorsFromDetails(details: readonly { path: string; message: string }[]): {
  errors: PageErrors;
  rest: string[];
} {
  const errors: PageErrors = {};
  const rest: string[] = [];
  for (const detail of details) {
    const field = fieldOfPath(detail.path.replace(/^body\.?/, '').split('.'));
    if (field) errors[field] ??= detail.message;
    else rest.push(detail.message);
  }
  return { errors, rest };
}

/**
 * Whether a 409 answer is about the link (another page holds it:
 * {@link PAGE_HREF_TAKEN_MESSAGE}) rather than about a concurrent change.
 */
export function isLinkConflict(message: string): boolean {
  return message === PAGE_HREF_TAKEN_MESSAGE;
}
