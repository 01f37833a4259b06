import { createHash } from 'node:crypto';
import { listContentByStatus } from '../data/content.ts';
import { contentUsageBackfillDoneItem } from '../data/content-usage.ts';
import {
  countedDownloads,
  type DownloadEvent,
  type DownloadEventItem,
  DownloadStatisticsAggregate,
} from '../data/downloads.ts';
import { batchGetItems, batchPutItems } from '../data/dynamo.ts';
import type { ContentItem } from '../data/items.ts';
import { businessUnitKey, ENTITY_TYPES, type TableKey } from '../data/keys.ts';
import { downloadName } from '../domain/download-rights.ts';
import { seedId } from '../domain/ids.ts';
import { type HistoryBusinessUnit, historyBusinessUnits } from './business-units.ts';
import { DEFAULT_DATA_ROOT } from './import.ts';
import { readSchools } from './personas.ts';

/**
 * The synthetic download history (docs/seed-data.md "Synthetic download history";
 * issue 7 "A history to look at"): N generated downloads over the 730 full UTC days
 * before today, by a fixed population of synthetic faculty of the history's business
 * units (seed/business-units.ts), of the real catalog's content files, with the
 * academic calendar's seasonality. Everything is drawn from a seeded PRNG, so the
 * same seed, N and day give the same history. Raw events carry `synthetic: true`;
 * items have exactly the shapes `recordDownload` writes (data/downloads.ts builders),
 * written in bulk (BatchWriteItem) with counters aggregated in memory.
 */

/** The seed of the PRNG unless told otherwise. */
export const DEFAULT_HISTORY_SEED = 'courseware-portal-download-history';
/** Full UTC days the history covers, ending yesterday. */
export const HISTORY_DAYS = 730;
/** Synthetic faculty: fixed, whatever N (so the number of counters stays bounded). */
export const FACULTY_POPULATION = 3000;
/**
 * Business units that have synthetic faculty, per category, drawn from every unit of
 * the category (not every school uses the portal; a few faculty per unit make
 * realistic top tables).
 */
export const ADOPTING_UNITS: Readonly<Record<string, number>> = {
  university: 320,
  college: 140,
  K12: 90,
  government: 30,
};
/** Share of the faculty in each category. */
const FACULTY_MIX: Readonly<Record<string, number>> = { university: 0.5, college: 0.22, K12: 0.18, government: 0.1 };

/** Downloads relative to the year's average, by UTC month (January first): term time high, summer low. */
export const MONTH_FACTORS = [1.0, 1.15, 1.1, 1.05, 0.7, 0.35, 0.3, 0.65, 1.2, 1.3, 1.15, 0.75] as const;
/** Factor of Saturdays and Sundays. */
export const WEEKEND_FACTOR = 0.3;
/** Factor of the winter break: December 20–31 and January 1–5. */
export const WINTER_BREAK_FACTOR = 0.2;
/** Downloads by UTC hour (US working hours are about 13:00–23:00 UTC). */
const HOUR_WEIGHTS = [3, 2, 1.5, 1, 0.7, 0.5, 0.5, 0.6, 0.8, 1, 1.5, 2.5, 4, 6, 8, 9, 9, 8.5, 8, 7, 6, 5, 4.5, 3.5];

const DAY_MS = 86_400_000;

/** A uniform PRNG on [0, 1) (sfc32), seeded from the SHA-256 of `seed`. */
export function seededRandom(seed: string): () => number {
  const digest = createHash('sha256').update(seed, 'utf8').digest();
  let a = digest.readUInt32LE(0);
  let b = digest.readUInt32LE(4);
  let c = digest.readUInt32LE(8);
  let d = digest.readUInt32LE(12);
  const next = () => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    let t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    t = (t + d) | 0;
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  for (let i = 0; i < 12; i += 1) next();
  return next;
}

/** Picks indexes in proportion to weights (cumulative sums, binary search). */
class WeightedPicker {
  private readonly cumulative: Float64Array;
  constructor(weights: readonly number[]) {
    this.cumulative = new Float64Array(weights.length);
    let sum = 0;
    weights.forEach((weight, i) => {
      sum += Math.max(0, weight);
      this.cumulative[i] = sum;
    });
    if (!(sum > 0)) throw new Error('Nothing to pick from: every weight is zero.');
  }
  pick(random: () => number): number {
    const target = random() * (this.cumulative[this.cumulative.length - 1] as number);
    let low = 0;
    let high = this.cumulative.length - 1;
    while (low < high) {
      const mid = (low + high) >> 1;
      if ((this.cumulative[mid] as number) > target) high = mid;
      else low = mid + 1;
    }
    return low;
  }
}

/** A heavy-tailed (Pareto) weight: a few large, many small. */
function popularity(random: () => number): number {
  return 1 / (1 - random() * 0.98) ** 1.2;
}

/**
 * Seasonality of one UTC day, without trend or noise: {@link MONTH_FACTORS}, times
 * {@link WINTER_BREAK_FACTOR} in the winter break, times {@link WEEKEND_FACTOR} on
 * weekends.
 */
export function seasonality(day: Date): number {
  const month = day.getUTCMonth();
  const date = day.getUTCDate();
  const weekday = day.getUTCDay();
  let factor = MONTH_FACTORS[month] as number;
  if ((month === 11 && date >= 20) || (month === 0 && date <= 5)) factor *= WINTER_BREAK_FACTOR;
  if (weekday === 0 || weekday === 6) factor *= WEEKEND_FACTOR;
  return factor;
}

/** The history's window: the {@link HISTORY_DAYS} full UTC days before the day of `now` (`to` exclusive). */
export function historyWindow(now: Date): { from: Date; to: Date } {
  const to = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return { from: new Date(to - HISTORY_DAYS * DAY_MS), to: new Date(to) };
}

/** A content file downloadable in the history, as a download event names it. */
export interface HistoryFile {
  readonly file: { readonly id: string; readonly name: string };
  readonly downloadedFrom: { readonly id: string; readonly name: string; readonly tags: readonly string[] };
  readonly topMostContent: { readonly id: string; readonly name: string };
  /** True for content meant for school pupils (education level `highschool`): K12 faculty prefer it. */
  readonly forSchools: boolean;
}

/** One synthetic faculty member. */
export interface SyntheticFaculty {
  readonly id: string;
  readonly name: string;
  readonly email: string;
  readonly unit: HistoryBusinessUnit;
}

const FIRST_NAMES = [
  'Alex',
  'Blair',
  'Casey',
  'Dana',
  'Eli',
  'Frances',
  'Gabriel',
  'Harper',
  'Indira',
  'Jordan',
  'Kai',
  'Lena',
  'Morgan',
  'Noor',
  'Omar',
  'Priya',
  'Quinn',
  'Rosa',
  'Sasha',
  'Tariq',
  'Uma',
  'Victor',
  'Wen',
  'Yusuf',
];
const LAST_NAMES = [
  'Adams',
  'Brooks',
  'Chen',
  'Diaz',
  'Evans',
  'Fischer',
  'Garcia',
  'Hughes',
  'Ito',
  'Johnson',
  'Kowalski',
  'Lopez',
  'Murphy',
  'Nguyen',
  'Okafor',
  'Patel',
  'Reyes',
  'Schmidt',
  'Thompson',
  'Walker',
];

/** Id kinds of {@link seedId} for the history's users and events. */
export const HISTORY_ID_KINDS = { faculty: 'synthetic-faculty', event: 'synthetic-download' } as const;

/**
 * The fixed population of synthetic faculty (depends on `seed` and `units` only):
 * units adopting the portal per {@link ADOPTING_UNITS}, faculty spread over the
 * categories per the mix and over the adopting units by a heavy-tailed weight.
 */
export function syntheticFaculty(units: readonly HistoryBusinessUnit[], seed: string): SyntheticFaculty[] {
  const random = seededRandom(`${seed}|population`);
  const adopting = new Map<string, { units: HistoryBusinessUnit[]; picker: WeightedPicker }>();
  for (const [category, wanted] of Object.entries(ADOPTING_UNITS)) {
    const pool = units.filter((unit) => unit.category === category);
    // Partial Fisher–Yates: the first `wanted` of a shuffled copy.
    const chosen = [...pool];
    const take = Math.min(wanted, chosen.length);
    for (let i = 0; i < take; i += 1) {
      const j = i + Math.floor(random() * (chosen.length - i));
      [chosen[i], chosen[j]] = [chosen[j] as HistoryBusinessUnit, chosen[i] as HistoryBusinessUnit];
    }
    const picked = chosen.slice(0, take);
    if (picked.length > 0) {
      adopting.set(category, { units: picked, picker: new WeightedPicker(picked.map(() => popularity(random))) });
    }
  }
  const categories = Object.keys(FACULTY_MIX).filter((category) => adopting.has(category));
  const categoryPicker = new WeightedPicker(categories.map((category) => FACULTY_MIX[category] as number));
  return Array.from({ length: FACULTY_POPULATION }, (_, i) => {
    const group = adopting.get(categories[categoryPicker.pick(random)] as string);
    const unit = group?.units[group.picker.pick(random)] as HistoryBusinessUnit;
    const first = FIRST_NAMES[Math.floor(random() * FIRST_NAMES.length)] as string;
    const last = LAST_NAMES[Math.floor(random() * LAST_NAMES.length)] as string;
    const number = String(i + 1).padStart(4, '0');
    return {
      id: seedId(HISTORY_ID_KINDS.faculty, `${seed}|${i}`),
      name: `${first} ${last}`,
      email: `${first}.${last}.${number}@synthetic.example.edu`.toLowerCase(),
      unit,
    };
  });
}

/** Options of {@link generateDownloadHistory}. */
export interface GenerateHistoryOptions {
  /** Downloads to generate. */
  readonly count: number;
  readonly seed: string;
  /** The history ends at the start of this instant's UTC day. */
  readonly now: Date;
  readonly faculty: readonly SyntheticFaculty[];
  readonly files: readonly HistoryFile[];
}

/**
 * The synthetic downloads, in time order (pure, deterministic for the same options):
 * the days of {@link historyWindow} drawn by seasonality with a growth trend (×0.85
 * two years ago to ×1.15 now) and ±15 % day-to-day noise; each download's hour by
 * US working hours; its user by a heavy-tailed activity; its file by a
 * heavy-tailed popularity (K12 faculty favour content for schools).
 * @throws Error when there are no files or no faculty.
 */
export function* generateDownloadHistory(options: GenerateHistoryOptions): Generator<DownloadEvent> {
  const { count, seed, faculty, files } = options;
  if (count <= 0) return;
  if (files.length === 0) throw new Error('The catalog has no published content with files to download.');
  if (faculty.length === 0) throw new Error('There is no synthetic faculty.');
  const random = seededRandom(`${seed}|${count}|events`);
  const { from } = historyWindow(options.now);

  const dayWeights = Array.from({ length: HISTORY_DAYS }, (_, i) => {
    const trend = 0.85 + (0.3 * i) / (HISTORY_DAYS - 1);
    return seasonality(new Date(from.getTime() + i * DAY_MS)) * trend * (0.85 + 0.3 * random());
  });
  const perDay = new Uint32Array(HISTORY_DAYS);
  const dayPicker = new WeightedPicker(dayWeights);
  for (let i = 0; i < count; i += 1) {
    const day = dayPicker.pick(random);
    perDay[day] = (perDay[day] as number) + 1;
  }

  const userPicker = new WeightedPicker(faculty.map(() => popularity(random)));
  const filePopularity = files.map(() => popularity(random));
  const schoolFilePicker = new WeightedPicker(
    files.map((file, i) => (filePopularity[i] as number) * (file.forSchools ? 6 : 1)),
  );
  const otherFilePicker = new WeightedPicker(
    files.map((file, i) => (filePopularity[i] as number) * (file.forSchools ? 0.3 : 1)),
  );
  const hourPicker = new WeightedPicker(HOUR_WEIGHTS);

  let index = 0;
  for (let day = 0; day < HISTORY_DAYS; day += 1) {
    const dayStart = from.getTime() + day * DAY_MS;
    const offsets = Array.from({ length: perDay[day] as number }, () =>
      Math.floor(hourPicker.pick(random) * 3_600_000 + random() * 3_600_000),
    ).sort((a, b) => a - b);
    for (const offset of offsets) {
      const user = faculty[userPicker.pick(random)] as SyntheticFaculty;
      const picker = user.unit.category === 'K12' ? schoolFilePicker : otherFilePicker;
      const file = files[picker.pick(random)] as HistoryFile;
      const unit = user.unit;
      yield {
        id: seedId(HISTORY_ID_KINDS.event, `${seed}|${count}|${from.toISOString()}|${index}`),
        timestamp: new Date(dayStart + offset).toISOString(),
        user: { id: user.id, name: user.name, email: user.email },
        file: file.file,
        downloadedFrom: file.downloadedFrom,
        topMostContent: file.topMostContent,
        businessUnit: { id: unit.id, name: unit.name, category: unit.category, region: unit.region },
        synthetic: true,
      };
      index += 1;
    }
  }
}

/**
 * The content files of the catalog's published content, sorted by file id, read
 * through the data layer (gsi3 by status, 100 a page): the saved name as a download
 * names it, the item, and its top-most ancestor.
 */
export async function catalogFiles(): Promise<HistoryFile[]> {
  const items: ContentItem[] = [];
  let pageToken: string | undefined;
  do {
    const page = await listContentByStatus({ statuses: ['published'], limit: 100, pageToken });
    items.push(...page.items);
    pageToken = page.nextPageToken ?? undefined;
  } while (pageToken);
  const byId = new Map(items.map((item) => [item.id, item]));
  const files = items.flatMap((item) => {
    const top = byId.get(item.ancestorIds[0] ?? item.id) ?? item;
    return item.files.map(
      (file): HistoryFile => ({
        file: { id: file.id, name: downloadName(file.name, file.filename) },
        downloadedFrom: { id: item.id, name: item.name, tags: [...item.tags] },
        topMostContent: { id: top.id, name: top.name },
        forSchools: item.educationLevels.includes('highschool'),
      }),
    );
  });
  return files.sort((a, b) => (a.file.id < b.file.id ? -1 : a.file.id > b.file.id ? 1 : 0));
}

/** A synthetic history cannot be written on top of existing download statistics. */
export class HistoryRefusedError extends Error {
  override name = 'HistoryRefusedError';
}

/** Options of {@link seedDownloadHistory}. */
export interface SeedHistoryOptions {
  readonly count: number;
  readonly seed?: string;
  readonly now?: Date;
  readonly dataRoot?: string;
  readonly log?: (line: string) => void;
  /** Concurrent BatchWriteItem requests; 8 unless given. */
  readonly concurrency?: number;
}

/** What {@link seedDownloadHistory} wrote. */
export interface HistoryReport {
  readonly events: number;
  readonly counters: number;
  readonly markers: number;
  /** Content usage items and school markers (issue 26 item 4). */
  readonly usageItems: number;
  readonly businessUnits: number;
  readonly from: string;
  readonly to: string;
  readonly durationMs: number;
}

/** Raw events buffered before they are written. */
const EVENT_CHUNK = 2000;

/** BatchWriteItem (25 a request, unprocessed items retried with backoff) with `concurrency` requests in flight. */
async function putConcurrently(items: readonly Record<string, unknown>[], concurrency: number): Promise<void> {
  const slices: Record<string, unknown>[][] = [];
  for (let offset = 0; offset < items.length; offset += 25) slices.push(items.slice(offset, offset + 25));
  let next = 0;
  const worker = async () => {
    while (next < slices.length) {
      const slice = slices[next] as Record<string, unknown>[];
      next += 1;
      await batchPutItems(slice);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, slices.length) }, worker));
}

/**
 * Generates and writes a synthetic history of `count` downloads into the configured
 * table: the business units of its faculty that are missing (school units exactly
 * as the personas' seed writes them; K12 and government units with
 * `synthetic: true`), the raw events, then the final counters, the distinct-user
 * markers still alive, each content item's all-time usage and school markers and
 * the DONE item of the usage backfill (issue 26 item 4, decision record 071). Refuses (nothing written) when the table already counts
 * downloads, real or synthetic: counters are written as final values, which would
 * overwrite theirs.
 * @throws HistoryRefusedError when download statistics exist; Error when the catalog
 *   has no published files or a write fails.
 */
export async function seedDownloadHistory(options: SeedHistoryOptions): Promise<HistoryReport> {
  const started = Date.now();
  const log = options.log ?? (() => undefined);
  const seed = options.seed ?? DEFAULT_HISTORY_SEED;
  const now = options.now ?? new Date();
  const concurrency = options.concurrency ?? 8;
  const { from, to } = historyWindow(now);
  const window = { from: from.toISOString(), to: to.toISOString() };
  if (options.count <= 0) {
    return {
      events: 0,
      counters: 0,
      markers: 0,
      usageItems: 0,
      businessUnits: 0,
      ...window,
      durationMs: Date.now() - started,
    };
  }

  const counted = await countedDownloads();
  if (counted > 0) {
    throw new HistoryRefusedError(
      `The table already counts ${counted} downloads. A synthetic history is written only into a table without download statistics (its counters are written as final values); start with a fresh data folder (DATA_DIR) or an empty table.`,
    );
  }

  const units = historyBusinessUnits(await readSchools(options.dataRoot ?? DEFAULT_DATA_ROOT));
  const faculty = syntheticFaculty(units, seed);
  const files = await catalogFiles();

  const used = [...new Map(faculty.map((member) => [member.unit.id, member.unit])).values()];
  const present = new Set(
    (
      await batchGetItems<TableKey & { id: string }>(
        used.map((unit) => businessUnitKey(unit.id)),
        ['id'],
      )
    ).map((item) => item.id),
  );
  const missingUnits = used
    .filter((unit) => !present.has(unit.id))
    .map(({ synthetic, ...unit }) => ({
      ...unit,
      ...businessUnitKey(unit.id),
      entityType: ENTITY_TYPES.businessUnit,
      version: 1,
      ...(synthetic ? { synthetic: true } : {}),
    }));
  await putConcurrently(missingUnits, concurrency);

  const aggregate = new DownloadStatisticsAggregate();
  let buffer: DownloadEventItem[] = [];
  for (const event of generateDownloadHistory({ count: options.count, seed, now, faculty, files })) {
    buffer.push(aggregate.add(event));
    if (buffer.length >= EVENT_CHUNK) {
      await putConcurrently(buffer as unknown as Record<string, unknown>[], concurrency);
      buffer = [];
    }
  }
  await putConcurrently(buffer as unknown as Record<string, unknown>[], concurrency);
  const counters = aggregate.counterItems();
  const markers = aggregate.markerItems(now);
  // Each item's all-time usage and school markers (issue 26 item 4): complete, so the backfill is done too.
  const usage = aggregate.contentUsageItems();
  await putConcurrently(
    [...counters, ...markers, ...usage, contentUsageBackfillDoneItem(now)] as unknown as Record<string, unknown>[],
    concurrency,
  );

  const report: HistoryReport = {
    events: aggregate.size,
    counters: counters.length,
    markers: markers.length,
    usageItems: usage.length,
    businessUnits: missingUnits.length,
    ...window,
    durationMs: Date.now() - started,
  };
  log(
    `seed: synthetic download history: ${report.events} downloads ${window.from.slice(0, 10)}…${window.to.slice(0, 10)} (exclusive), ${report.counters} counters, ${report.markers} user markers, ${report.usageItems} content usage items, ${report.businessUnits} business units, in ${report.durationMs} ms`,
  );
  return report;
}
