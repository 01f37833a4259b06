import { type BusinessUnitFields, businessUnitItemOf, upgradeBusinessUnitItem } from '../data/business-units.ts';
import { BATCH_WRITE_MAX, batchGetItems, batchPutItems } from '../data/dynamo.ts';
import { businessUnitKey } from '../data/keys.ts';
import { seededEligibleBrands } from '../domain/business-units.ts';
import { seedId } from '../domain/ids.ts';
import { businessUnitOf, type SchoolRow } from './personas.ts';

/**
 * The business units of the synthetic download history (docs/seed-data.md
 * "Synthetic download history"): every school of schools.csv (real, IPEDS), plus
 * K12 districts and state government units that the list cannot give, added by a
 * deterministic rule and marked `synthetic`:
 *
 * - per state (two-letter code of the list), the {@link K12_CITIES_PER_STATE} cities
 *   with the most institutions in the list (ties: city name, A–Z) each give a K12
 *   district "<City> Public Schools";
 * - per state, one government unit "<State name> Department of Education".
 *
 * Their region is the region most of the state's schools have in the list (ties:
 * A–Z), so "US Service schools" never becomes a state's region; they are public.
 *
 * Every one of them is a business unit record (issue 11 item 1), seeded by
 * {@link seedBusinessUnits}; Virginia's public ones start eligible on VACR
 * (domain/business-units.ts `seededEligibleBrands`; decision record 030).
 */

/** Cities per state that give a K12 district. */
export const K12_CITIES_PER_STATE = 3;

/** A business unit of the history; `synthetic` for the units the rule adds. */
export type HistoryBusinessUnit = BusinessUnitFields & {
  readonly synthetic: boolean;
};

/** Names of the states and territories of schools.csv's `state` codes (USPS). */
export const STATE_NAMES: Readonly<Record<string, string>> = {
  AK: 'Alaska',
  AL: 'Alabama',
  AR: 'Arkansas',
  AS: 'American Samoa',
  AZ: 'Arizona',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DC: 'District of Columbia',
  DE: 'Delaware',
  FL: 'Florida',
  FM: 'Federated States of Micronesia',
  GA: 'Georgia',
  GU: 'Guam',
  HI: 'Hawaii',
  IA: 'Iowa',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  KS: 'Kansas',
  KY: 'Kentucky',
  LA: 'Louisiana',
  MA: 'Massachusetts',
  MD: 'Maryland',
  ME: 'Maine',
  MH: 'Marshall Islands',
  MI: 'Michigan',
  MN: 'Minnesota',
  MO: 'Missouri',
  MP: 'Northern Mariana Islands',
  MS: 'Mississippi',
  MT: 'Montana',
  NC: 'North Carolina',
  ND: 'North Dakota',
  NE: 'Nebraska',
  NH: 'New Hampshire',
  NJ: 'New Jersey',
  NM: 'New Mexico',
  NV: 'Nevada',
  NY: 'New York',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  PR: 'Puerto Rico',
  PW: 'Palau',
  RI: 'Rhode Island',
  SC: 'South Carolina',
  SD: 'South Dakota',
  TN: 'Tennessee',
  TX: 'Texas',
  UT: 'Utah',
  VA: 'Virginia',
  VI: 'U.S. Virgin Islands',
  VT: 'Vermont',
  WA: 'Washington',
  WI: 'Wisconsin',
  WV: 'West Virginia',
  WY: 'Wyoming',
};

/** Id kinds of {@link seedId} for the units the rule adds. */
export const SYNTHETIC_UNIT_ID_KINDS = { k12: 'k12-district', government: 'state-government' } as const;

/** The most frequent value, ties broken A–Z. */
function mostFrequent(values: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0] ?? '';
}

/**
 * The K12 districts and the government unit of each state of `schools` (the rule
 * above), in state order then rank. Pure and deterministic.
 * @throws Error for a state code without a name in {@link STATE_NAMES}.
 */
export function syntheticBusinessUnits(schools: readonly SchoolRow[]): HistoryBusinessUnit[] {
  const byState = new Map<string, SchoolRow[]>();
  for (const school of schools) {
    if (!school.state) continue;
    byState.set(school.state, [...(byState.get(school.state) ?? []), school]);
  }
  const units: HistoryBusinessUnit[] = [];
  for (const state of [...byState.keys()].sort()) {
    const rows = byState.get(state) ?? [];
    const stateName = STATE_NAMES[state];
    if (!stateName) throw new Error(`No state name for state code "${state}" of the schools list.`);
    const region = mostFrequent(rows.map((row) => row.region));
    const cityCounts = new Map<string, number>();
    for (const row of rows) if (row.city) cityCounts.set(row.city, (cityCounts.get(row.city) ?? 0) + 1);
    const cities = [...cityCounts.entries()]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .slice(0, K12_CITIES_PER_STATE)
      .map(([city]) => city);
    for (const city of cities) {
      units.push({
        id: seedId(SYNTHETIC_UNIT_ID_KINDS.k12, `${state}|${city}`),
        name: `${city} Public Schools`,
        category: 'K12',
        region,
        state,
        public: true,
        eligibleBrands: seededEligibleBrands({ state, public: true }),
        synthetic: true,
      });
    }
    units.push({
      id: seedId(SYNTHETIC_UNIT_ID_KINDS.government, state),
      name: `${stateName} Department of Education`,
      category: 'government',
      region,
      state,
      public: true,
      eligibleBrands: seededEligibleBrands({ state, public: true }),
      synthetic: true,
    });
  }
  return units;
}

/**
 * Every business unit of the history: each school (id and fields exactly as the
 * personas' units, seed/personas.ts `businessUnitOf`; not synthetic) followed by
 * {@link syntheticBusinessUnits}.
 */
export function historyBusinessUnits(schools: readonly SchoolRow[]): HistoryBusinessUnit[] {
  return [
    ...schools.map((school) => ({ ...businessUnitOf(school), synthetic: false })),
    ...syntheticBusinessUnits(schools),
  ];
}

/** What {@link seedBusinessUnits} did. */
export interface BusinessUnitSeedCounts {
  /** Units written now (absent before). */
  created: number;
  /** Units already stored with every field, left alone. */
  alreadyPresent: number;
  /** Units of an older seed (no `eligibleBrands` or timestamps) given the missing fields. */
  upgraded: number;
}

/** Concurrent BatchWriteItem / UpdateItem requests of the unit seed. */
const SEED_CONCURRENCY = 4;

async function inParallel<T>(items: readonly T[], size: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next] as T;
      next += 1;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, worker));
}

/**
 * Seeds EVERY business unit of {@link historyBusinessUnits} (each institution of
 * schools.csv, then the synthetic K12 districts and state government units) as a
 * record (issue 11 item 1; decision record 030). Idempotent: present units are found
 * first (BatchGetItem, a projection), absent ones written with BatchWriteItem (25 a
 * request, {@link SEED_CONCURRENCY} requests at a time), and a unit of an older seed
 * lacking the new fields is upgraded in place (`if_not_exists`, never overwriting an
 * administrator's edit). `now` is the creation time of new units.
 */
export async function seedBusinessUnits(schools: readonly SchoolRow[], now: Date): Promise<BusinessUnitSeedCounts> {
  const units = [...new Map(historyBusinessUnits(schools).map((unit) => [unit.id, unit])).values()];
  const present = new Map(
    (
      await batchGetItems<{ id: string; eligibleBrands?: unknown; createdTimestamp?: unknown }>(
        units.map((unit) => businessUnitKey(unit.id)),
        ['id', 'eligibleBrands', 'createdTimestamp'],
      )
    ).map((item) => [item.id, item]),
  );
  const missing = units.filter((unit) => !present.has(unit.id));
  const outdated = units.filter((unit) => {
    const item = present.get(unit.id);
    return item !== undefined && (item.eligibleBrands === undefined || item.createdTimestamp === undefined);
  });
  const batches: Record<string, unknown>[][] = [];
  for (let offset = 0; offset < missing.length; offset += BATCH_WRITE_MAX) {
    batches.push(
      missing
        .slice(offset, offset + BATCH_WRITE_MAX)
        .map(({ synthetic, ...fields }) => ({ ...businessUnitItemOf(fields, now, synthetic) })),
    );
  }
  await inParallel(batches, SEED_CONCURRENCY, (batch) => batchPutItems(batch));
  await inParallel(outdated, SEED_CONCURRENCY, ({ synthetic: _synthetic, ...fields }) =>
    upgradeBusinessUnitItem(fields, now),
  );
  return {
    created: missing.length,
    alreadyPresent: units.length - missing.length - outdated.length,
    upgraded: outdated.length,
  };
}
