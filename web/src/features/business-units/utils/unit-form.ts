import { type BusinessUnit, type BusinessUnitCategory, BusinessUnitInput } from '#shared/contracts/administration';
import type { Brand } from '#shared/enums';

/** The business unit form as typed. */
export interface UnitDraft {
  readonly name: string;
  readonly category: BusinessUnitCategory | '';
  readonly state: string;
  readonly region: string;
  readonly public: boolean;
  readonly eligibleBrands: readonly Brand[];
}

export type UnitField = 'name' | 'category' | 'state' | 'region' | 'public' | 'eligibleBrands';
/** Field messages of the form, and `form` for what belongs to no field. */
export type UnitErrors = Partial<Record<UnitField | 'form', string>>;

/** The fields in form order: the focus goes to the first with a message. */
export const UNIT_FIELDS: readonly UnitField[] = ['name', 'category', 'state', 'region', 'public', 'eligibleBrands'];

export const EMPTY_UNIT: UnitDraft = {
  name: '',
  category: '',
  state: '',
  region: '',
  public: false,
  eligibleBrands: [],
};

/** The draft of a stored unit (null: a new one). */
export function unitDraftOf(unit: BusinessUnit | null): UnitDraft {
  if (!unit) return EMPTY_UNIT;
  return {
    name: unit.name,
    category: unit.category,
    state: unit.state ?? '',
    region: unit.region,
    public: unit.public,
    eligibleBrands: [...unit.eligibleBrands],
  };
}

/**
 * The draft checked with the server's schema (so the messages are the server's):
 * the request body, or the first message per field. An empty state is none; a
 * state is upper-cased.
 */
export function validateUnit(draft: UnitDraft): { body: BusinessUnitInput } | { errors: UnitErrors } {
  const state = draft.state.trim().toUpperCase();
  const parsed = BusinessUnitInput.safeParse({
    name: draft.name,
    category: draft.category === '' ? undefined : draft.category,
    state: state === '' ? null : state,
    region: draft.region,
    public: draft.public,
    eligibleBrands: [...draft.eligibleBrands],
  });
  if (parsed.success) return { body: parsed.data };
  const errors: UnitErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && (UNIT_FIELDS as readonly string[]).includes(field)) {
      errors[field as UnitField] ??= issue.message;
    } else errors.form ??= issue.message;
  }
  return { errors };
}

/** The field messages of a 400 (`body.name`, `state`…), keyed as the form keys them; the rest goes to `form`. */
export function unitErrorsFromServer(
  message: string,
  details: readonly { path: string; message: string }[],
): UnitErrors {
  const errors: UnitErrors = {};
  for (const detail of details) {
    const field = detail.path.replace(/^body\./, '').split('.')[0] ?? '';
    if ((UNIT_FIELDS as readonly string[]).includes(field)) errors[field as UnitField] ??= detail.message;
    else errors.form ??= `${detail.path}: ${detail.message}`;
  }
  if (Object.keys(errors).length === 0) errors.form = message;
  return errors;
}
