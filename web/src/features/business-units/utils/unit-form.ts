import * as z from 'zod';
import {
  BUSINESS_UNIT_CATEGORIES,
  type BusinessUnit,
  type BusinessUnitCategory,
  BusinessUnitInput,
} from '#shared/contracts/administration';
import { BRANDS, type Brand } from '#shared/enums';

/** The business unit form as typed (its react-hook-form values). */
export interface UnitDraft {
  name: string;
  category: BusinessUnitCategory | '';
  state: string;
  region: string;
  public: boolean;
  eligibleBrands: Brand[];
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

/** The request body of a draft: an empty state is none, a state is upper-cased, no category is missing. */
function unitInputOf(draft: UnitDraft) {
  const state = draft.state.trim().toUpperCase();
  return {
    name: draft.name,
    category: draft.category === '' ? undefined : draft.category,
    state: state === '' ? null : state,
    region: draft.region,
    public: draft.public,
    eligibleBrands: [...draft.eligibleBrands],
  };
}

/**
 * The business unit form's zod schema (issue 23 item 4): the draft turned into the
 * request and checked with the server's `BusinessUnitInput` (so the messages are
 * the server's, at the same field paths).
 */
export const UnitValues: z.ZodType<BusinessUnitInput, UnitDraft> = z
  .object({
    name: z.string(),
    category: z.enum([...BUSINESS_UNIT_CATEGORIES, '']),
    state: z.string(),
    region: z.string(),
    public: z.boolean(),
    eligibleBrands: z.array(z.enum(BRANDS)),
  })
  .transform(unitInputOf)
  .pipe(BusinessUnitInput);

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
