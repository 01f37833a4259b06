/**
 * The invariants the soak checks at the end of its run (issue 28 item 3; decision
 * record 086), as one pure function over what the soak recorded (its ledger of writes)
 * and what it read afterwards (the table and both buckets, read directly through the
 * SDK, the SES inbox it observed, and what the API answered). No I/O here, so each
 * invariant is unit-tested with a ledger and a store that violate it
 * (`invariants.test.ts`).
 */

/** A plain (unmarshalled) item of the single table. */
export type TableItem = Record<string, unknown>;

/** The kinds of write the soak sends, each with what to look for afterwards. */
export type Expectation =
  /** A content save that created item `name` with uploaded files `fileIds` (`id` once acknowledged). */
  | { readonly kind: 'content'; readonly name: string; readonly id?: string; readonly fileIds: readonly string[] }
  /** A save that published item `id` (status `published`). */
  | { readonly kind: 'publish'; readonly id: string }
  /** An invitation to `email`. */
  | { readonly kind: 'invitation'; readonly email: string }
  /** A user import whose valid rows invite `emails`. */
  | { readonly kind: 'import'; readonly emails: readonly string[] }
  /** A rating of content `contentId` by user `userId`. */
  | { readonly kind: 'rating'; readonly contentId: string; readonly userId: string; readonly rating: number }
  /** A bundle request (its file record `id` once acknowledged). */
  | { readonly kind: 'bundle'; readonly id?: string }
  /** A download (or preview) of file `fileId` (one raw event each). */
  | { readonly kind: 'download' | 'preview'; readonly fileId: string };

/**
 * One write of the soak: `acknowledged` when the portal answered 2xx (to any attempt);
 * `unknown` when no attempt got an answer (killed mid-request) or a retry after a lost
 * answer was refused: such a write must be fully present or fully absent.
 */
export interface LedgerEntry {
  readonly outcome: 'acknowledged' | 'unknown';
  /** Milliseconds since the start of the run when the write was first sent. */
  readonly sentAtMs: number;
  readonly expect: Expectation;
}

/** An object of one of the two buckets. */
export interface StoredObject {
  readonly bucket: 'private' | 'public';
  readonly key: string;
}

/** An e-mail the SES inbox held (aws-ses-v2-local `GET /store`), as observed by the soak. */
export interface InboxEmail {
  readonly messageId: string;
  readonly destination: { readonly to: readonly string[] };
  readonly subject: string;
  readonly body: { readonly text?: string };
}

/** What the soak read after the run. */
export interface StoreSnapshot {
  /** Every item of the table. */
  readonly items: readonly TableItem[];
  /** Every object of both buckets. */
  readonly objects: readonly StoredObject[];
  /** Multipart uploads still open in either bucket. */
  readonly openMultipartUploads: readonly { readonly bucket: string; readonly key: string }[];
  /** Every e-mail seen in the SES inbox during the run (each portal life's inbox, polled). */
  readonly inbox: readonly InboxEmail[];
  /**
   * Ids of the outbox messages whose send the soak could not observe: SES accepted
   * them in the moment between the soak's last inbox poll and a `kill -9` (the inbox
   * is in the portal's memory). Their SES message ids, when the outbox recorded them.
   */
  readonly unobservableMessageIds?: ReadonlySet<string>;
  /** Epoch seconds when the table was read. */
  readonly nowSeconds: number;
}

/** What the API answered at the end (where the API is the judge). */
export interface ApiFindings {
  /** Search results (content ids) the API returned that `GET /content/{id}` answered 404 for. */
  readonly searchResultsMissing: readonly string[];
  /** Published items of the ledger that a search by their name did not find. */
  readonly publishedNotFound: readonly string[];
}

/** One broken invariant: which, and what exactly. */
export interface Violation {
  readonly invariant: InvariantName;
  readonly detail: string;
}

/** The invariants of issue 28 item 3, in its order. */
export const INVARIANTS = [
  'acknowledged-write-present',
  'unknown-write-whole',
  'item-has-its-files',
  'file-has-its-item',
  'no-open-multipart-upload',
  'download-counters-equal-events',
  'search-results-exist',
  'published-items-found',
  'no-duplicate-write',
  'no-email-sent-twice',
  'no-email-lost',
] as const;
export type InvariantName = (typeof INVARIANTS)[number];

/** Settings of the checks. */
export interface CheckSettings {
  /**
   * Seconds a file record may outlive its `expiresAt` (the local housekeeping loop's
   * 30 s period plus one run of it, `infra/local/housekeeping.ts`) before it counts as
   * a file without its item.
   */
  readonly sweeperWindowSeconds: number;
}

/** The window of the local upload sweeper: housekeeping every 30 s, plus 30 s for one run under load. */
export const DEFAULT_SWEEPER_WINDOW_SECONDS = 60;

/** Prefixes of the object keys of files (uploads in both buckets; seeded content files in the private one). */
const FILE_OBJECT_PREFIXES = ['files/', 'content/'];
/** Outbox message kinds: their items carry `emailStatus` and `email`. */
const DOWNLOAD_CATEGORIES = ['contentfiledownload', 'contentfilepreview'] as const;

/**
 * Checks every invariant; an empty list means none is broken.
 * @param ledger every write the soak sent (acknowledged or unknown; refused writes are not in it)
 * @param store the table, buckets and inbox as read after the run
 * @param api what the API answered at the end
 */
export function checkInvariants(
  ledger: readonly LedgerEntry[],
  store: StoreSnapshot,
  api: ApiFindings,
  settings: CheckSettings = { sweeperWindowSeconds: DEFAULT_SWEEPER_WINDOW_SECONDS },
): Violation[] {
  const violations: Violation[] = [];
  const add = (invariant: InvariantName, detail: string) => violations.push({ invariant, detail });
  const index = indexStore(store);

  checkLedger(ledger, index, add);
  checkFiles(store, index, settings, add);
  for (const upload of store.openMultipartUploads) {
    add('no-open-multipart-upload', `${upload.bucket}/${upload.key} has an open multipart upload`);
  }
  checkDownloads(store, add);
  for (const id of api.searchResultsMissing) add('search-results-exist', `search returned ${id}, which answers 404`);
  for (const id of api.publishedNotFound) add('published-items-found', `published item ${id} is not found by search`);
  checkEmail(store, add);
  return violations;
}

/** How many of the ledger's writes were found after the run, of those that must be (acknowledged). */
export function countFound(
  ledger: readonly LedgerEntry[],
  store: StoreSnapshot,
): { acknowledged: number; found: number } {
  const index = indexStore(store);
  let acknowledged = 0;
  let found = 0;
  for (const entry of ledger) {
    if (entry.outcome !== 'acknowledged') continue;
    acknowledged += 1;
    if (presence(entry.expect, index) === 'present') found += 1;
  }
  return { acknowledged, found };
}

interface StoreIndex {
  readonly contentById: Map<string, TableItem>;
  readonly contentByName: Map<string, TableItem[]>;
  readonly filesById: Map<string, TableItem>;
  readonly invitationsByEmail: Map<string, TableItem[]>;
  readonly reviews: Map<string, TableItem>;
  readonly downloadEventsByFile: Map<string, { download: number; preview: number }>;
}

function indexStore(store: StoreSnapshot): StoreIndex {
  const index: StoreIndex = {
    contentById: new Map(),
    contentByName: new Map(),
    filesById: new Map(),
    invitationsByEmail: new Map(),
    reviews: new Map(),
    downloadEventsByFile: new Map(),
  };
  const push = (map: Map<string, TableItem[]>, key: string, item: TableItem) => {
    const list = map.get(key);
    if (list) list.push(item);
    else map.set(key, [item]);
  };
  for (const item of store.items) {
    switch (item.entityType) {
      case 'Content':
        index.contentById.set(String(item.id), item);
        push(index.contentByName, String(item.name), item);
        break;
      case 'File':
        index.filesById.set(String(item.id), item);
        break;
      case 'Invitation':
        push(index.invitationsByEmail, String(item.email).toLowerCase(), item);
        break;
      case 'Review':
        index.reviews.set(`${String(item.contentId)}#${String(item.userId)}`, item);
        break;
      case 'DownloadEvent': {
        const fileId = String((item.metadata as { fileId?: unknown } | undefined)?.fileId);
        const counts = index.downloadEventsByFile.get(fileId) ?? { download: 0, preview: 0 };
        if (String(item.pk).startsWith('STAT_EVENTS#contentfilepreview#')) counts.preview += 1;
        else counts.download += 1;
        index.downloadEventsByFile.set(fileId, counts);
        break;
      }
      default:
        break;
    }
  }
  return index;
}

function fileIdsOf(content: TableItem): string[] {
  const files = Array.isArray(content.files) ? (content.files as { id?: unknown }[]) : [];
  return files.map((file) => String(file.id));
}

/**
 * Whether an expectation is met (`present`), not met at all (`absent`), or met in part
 * (`partial`: half a write, always a violation).
 */
function presence(expect: Expectation, index: StoreIndex): 'present' | 'absent' | 'partial' {
  switch (expect.kind) {
    case 'content': {
      const items = expect.id
        ? [index.contentById.get(expect.id)].filter((item) => item !== undefined)
        : (index.contentByName.get(expect.name) ?? []);
      const item = items[0];
      if (!item) return 'absent';
      const attached = new Set(fileIdsOf(item));
      return expect.fileIds.every((id) => attached.has(id) && index.filesById.has(id)) ? 'present' : 'partial';
    }
    case 'publish':
      return index.contentById.get(expect.id)?.status === 'published' ? 'present' : 'absent';
    case 'invitation':
      return (index.invitationsByEmail.get(expect.email.toLowerCase())?.length ?? 0) > 0 ? 'present' : 'absent';
    case 'import': {
      const invited = expect.emails.filter((email) => index.invitationsByEmail.has(email.toLowerCase())).length;
      if (invited === 0) return 'absent';
      return invited === expect.emails.length ? 'present' : 'partial';
    }
    case 'rating': {
      // A later rating replaces it: its value is judged in checkLedger, over the sequence.
      return index.reviews.has(`${expect.contentId}#${expect.userId}`) ? 'present' : 'absent';
    }
    case 'bundle':
      if (!expect.id) return 'absent';
      return index.filesById.has(expect.id) ? 'present' : 'absent';
    case 'download':
    case 'preview': {
      const counts = index.downloadEventsByFile.get(expect.fileId);
      return (counts?.[expect.kind] ?? 0) > 0 ? 'present' : 'absent';
    }
  }
}

type Add = (invariant: InvariantName, detail: string) => void;

function describe(expect: Expectation): string {
  switch (expect.kind) {
    case 'content':
      return `content save "${expect.name}"${expect.id ? ` (${expect.id})` : ''} with ${expect.fileIds.length} file(s)`;
    case 'publish':
      return `publish of ${expect.id}`;
    case 'invitation':
      return `invitation of ${expect.email}`;
    case 'import':
      return `import of ${expect.emails.join(', ')}`;
    case 'rating':
      return `rating ${expect.rating} of ${expect.contentId} by ${expect.userId}`;
    case 'bundle':
      return `bundle ${expect.id ?? '(no id)'}`;
    default:
      return `${expect.kind} of file ${expect.fileId}`;
  }
}

/**
 * Acknowledged writes present, unknown writes whole, no duplicates. A later write to
 * the same thing supersedes an earlier one: of the ratings of one user and item, only
 * the last acknowledged one (when nothing unknown followed it) must be what is stored;
 * a publish is judged only when no later save could have unpublished it (the soak never
 * unpublishes). Downloads are counted: a file has at least as many raw events as the soak's
 * acknowledged downloads of it (the seed's events count too, so no upper bound is judged
 * here; double counting shows as counters that differ from the events).
 */
function checkLedger(ledger: readonly LedgerEntry[], index: StoreIndex, add: Add): void {
  const lastRating = new Map<string, LedgerEntry[]>();
  const downloads = new Map<string, { acknowledged: number; unknown: number }>();
  for (const entry of ledger) {
    const { expect } = entry;
    if (expect.kind === 'rating') {
      const key = `${expect.contentId}#${expect.userId}`;
      lastRating.set(key, [...(lastRating.get(key) ?? []), entry]);
      continue;
    }
    if (expect.kind === 'download' || expect.kind === 'preview') {
      const key = `${expect.kind}#${expect.fileId}`;
      const counts = downloads.get(key) ?? { acknowledged: 0, unknown: 0 };
      counts[entry.outcome] += 1;
      downloads.set(key, counts);
      continue;
    }
    const found = presence(expect, index);
    if (found === 'partial') {
      add(
        entry.outcome === 'acknowledged' ? 'acknowledged-write-present' : 'unknown-write-whole',
        `${describe(expect)} is half there`,
      );
    } else if (found === 'absent' && entry.outcome === 'acknowledged') {
      add('acknowledged-write-present', `${describe(expect)} was acknowledged but is missing`);
    }
    if (expect.kind === 'content') {
      const copies = index.contentByName.get(expect.name)?.length ?? 0;
      if (copies > 1) add('no-duplicate-write', `${describe(expect)} is stored ${copies} times`);
    }
    if (expect.kind === 'invitation' || expect.kind === 'import') {
      const emails = expect.kind === 'invitation' ? [expect.email] : expect.emails;
      for (const email of emails) {
        const copies = index.invitationsByEmail.get(email.toLowerCase())?.length ?? 0;
        if (copies > 1) add('no-duplicate-write', `${describe(expect)}: ${email} is invited ${copies} times`);
      }
    }
  }
  for (const [key, entries] of lastRating) {
    const review = index.reviews.get(key);
    const lastAcknowledged = entries.findLastIndex((entry) => entry.outcome === 'acknowledged');
    if (lastAcknowledged < 0) continue;
    // Any rating sent from the last acknowledged one on may be the stored one.
    const allowed = new Set(
      entries.slice(lastAcknowledged).map((entry) => (entry.expect as { rating: number }).rating),
    );
    if (!review) add('acknowledged-write-present', `rating of ${key} was acknowledged but no review is stored`);
    else if (!allowed.has(Number(review.rating))) {
      add(
        'acknowledged-write-present',
        `rating of ${key} is ${String(review.rating)}, expected one of ${[...allowed].join(', ')}`,
      );
    }
  }
  for (const [key, counts] of downloads) {
    const [kind, fileId] = key.split('#') as ['download' | 'preview', string];
    const events = index.downloadEventsByFile.get(fileId)?.[kind] ?? 0;
    if (events < counts.acknowledged) {
      add('acknowledged-write-present', `${kind}s of ${fileId}: ${counts.acknowledged} acknowledged, ${events} events`);
    }
  }
}

/**
 * Every content item's files have a record and an object; every file record of content
 * belongs to an item that lists it, or expires (TTL) and is not past it by more than the
 * sweeper window; every object under `files/` or `content/` has its record.
 */
function checkFiles(store: StoreSnapshot, index: StoreIndex, settings: CheckSettings, add: Add): void {
  const objects = new Set(store.objects.map((object) => `${object.bucket}/${object.key}`));
  const attachedTo = new Map<string, string>();
  for (const content of index.contentById.values()) {
    for (const fileId of fileIdsOf(content)) {
      attachedTo.set(fileId, String(content.id));
      const file = index.filesById.get(fileId);
      if (!file) {
        add('item-has-its-files', `content ${String(content.id)} lists file ${fileId}, which has no record`);
      } else if (!objects.has(`${bucketOf(file)}/${String(file.objectKey)}`)) {
        add(
          'item-has-its-files',
          `content ${String(content.id)} lists file ${fileId}, whose object ${String(file.objectKey)} is missing`,
        );
      }
    }
  }
  const recordedObjects = new Set<string>();
  for (const file of index.filesById.values()) {
    recordedObjects.add(`${bucketOf(file)}/${String(file.objectKey)}`);
    const id = String(file.id);
    const expiresAt = typeof file.expiresAt === 'number' ? file.expiresAt : null;
    if (expiresAt !== null) {
      if (store.nowSeconds - expiresAt > settings.sweeperWindowSeconds) {
        add('file-has-its-item', `file ${id} expired ${store.nowSeconds - expiresAt} s ago and is not swept`);
      }
      continue;
    }
    const owner = file.metadata as { id?: unknown; type?: unknown } | undefined;
    if (owner?.type !== 'content' || file.bundle !== undefined) continue;
    if (attachedTo.get(id) !== String(owner.id)) {
      add('file-has-its-item', `file ${id} (no expiry) belongs to content ${String(owner.id)}, which does not list it`);
    }
  }
  for (const object of store.objects) {
    if (!FILE_OBJECT_PREFIXES.some((prefix) => object.key.startsWith(prefix))) continue;
    if (!recordedObjects.has(`${object.bucket}/${object.key}`)) {
      add('file-has-its-item', `object ${object.bucket}/${object.key} has no file record`);
    }
  }
}

function bucketOf(file: TableItem): 'private' | 'public' {
  return file.visibility === 'public' ? 'public' : 'private';
}

/**
 * For each category (downloads, previews) and year: the `total` counter of the year
 * (`STAT#<category>#total#year`, subject `all`) equals the number of raw events of that
 * year (one TransactWriteItems writes both, data/downloads.ts).
 */
function checkDownloads(store: StoreSnapshot, add: Add): void {
  const counters = new Map<string, number>();
  const events = new Map<string, number>();
  for (const item of store.items) {
    const pk = String(item.pk);
    for (const category of DOWNLOAD_CATEGORIES) {
      if (pk === `STAT#${category}#total#year` && item.subject === 'all') {
        const year = String(item.sk).split('#')[0] ?? '';
        counters.set(`${category} ${year}`, (counters.get(`${category} ${year}`) ?? 0) + Number(item.value ?? 0));
      } else if (item.entityType === 'DownloadEvent' && pk.startsWith(`STAT_EVENTS#${category}#`)) {
        const year = String(item.timestamp).slice(0, 4);
        events.set(`${category} ${year}`, (events.get(`${category} ${year}`) ?? 0) + 1);
      }
    }
  }
  for (const key of new Set([...counters.keys(), ...events.keys()])) {
    const counted = counters.get(key) ?? 0;
    const happened = events.get(key) ?? 0;
    if (counted !== happened) add('download-counters-equal-events', `${key}: counter ${counted}, events ${happened}`);
  }
}

/**
 * Every outbox message (an item with `emailStatus`) is sent or `unconfirmed` (its send's
 * outcome unknown: kept in sight, reached the inbox at most once); each sent one reached the
 * inbox once (matched on recipients, subject and text; messages with the same e-mail
 * share their copies); none reached it twice. Sends the soak could not observe (SES
 * accepted them just before a kill) are not counted as lost.
 */
function checkEmail(store: StoreSnapshot, add: Add): void {
  const inboxBySignature = new Map<string, number>();
  const seenIds = new Set<string>();
  for (const email of store.inbox) {
    if (seenIds.has(email.messageId)) continue;
    seenIds.add(email.messageId);
    const signature = emailSignature(email.destination.to, email.subject, email.body.text ?? '');
    inboxBySignature.set(signature, (inboxBySignature.get(signature) ?? 0) + 1);
  }
  const outboxBySignature = new Map<string, { ids: string[]; unobservable: number }>();
  for (const item of store.items) {
    if (typeof item.emailStatus !== 'string' || typeof item.email !== 'object' || item.email === null) continue;
    const id = String(item.id);
    // `unconfirmed`: SES's answer never came, so the outbox does not send it again and keeps
    // it for an operator (decision record 083): not lost, and its copy may or may not be out.
    const unconfirmed = item.emailStatus === 'unconfirmed';
    if (item.emailStatus !== 'sent' && !unconfirmed) {
      add('no-email-lost', `outbox message ${id} (${String(item.entityType)}) is still ${item.emailStatus}`);
      continue;
    }
    const email = item.email as { to?: unknown; subject?: unknown; text?: unknown };
    const signature = emailSignature(
      Array.isArray(email.to) ? (email.to as string[]) : [],
      String(email.subject ?? ''),
      String(email.text ?? ''),
    );
    const entry = outboxBySignature.get(signature) ?? { ids: [], unobservable: 0 };
    entry.ids.push(id);
    if (unconfirmed || store.unobservableMessageIds?.has(String(item.emailMessageId))) entry.unobservable += 1;
    outboxBySignature.set(signature, entry);
  }
  for (const [signature, { ids, unobservable }] of outboxBySignature) {
    const copies = inboxBySignature.get(signature) ?? 0;
    if (copies > ids.length) {
      add('no-email-sent-twice', `outbox message ${ids.join(', ')} reached the inbox ${copies} times`);
    } else if (copies + unobservable < ids.length) {
      add('no-email-lost', `outbox message ${ids.join(', ')} is marked sent but reached the inbox ${copies} times`);
    }
  }
}

function emailSignature(to: readonly string[], subject: string, text: string): string {
  return JSON.stringify([
    [...to].map((address) => address.toLowerCase()).sort(),
    subject.trim(),
    text.replace(/\s+/g, ' ').trim(),
  ]);
}
