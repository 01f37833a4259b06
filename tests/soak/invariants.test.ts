import { describe, expect, it } from 'vitest';
import {
  type ApiFindings,
  checkInvariants,
  countFound,
  type InvariantName,
  type LedgerEntry,
  type StoreSnapshot,
  type TableItem,
} from './invariants.ts';

/**
 * The soak's invariant checks (issue 28 item 3; decision record 086): a consistent store
 * passes, and a ledger and store that break each invariant are reported with it.
 */

const NOW = 1_800_000_000;
const CONTENT = '01jd8z6w5k3m2n1p0q9r8s7c01';
const FILE = '01jd8z6w5k3m2n1p0q9r8s7f01';
const USER = '01jd8z6w5k3m2n1p0q9r8s7u01';

function content(overrides: TableItem = {}): TableItem {
  return {
    pk: `CONTENT#${CONTENT}`,
    sk: 'CONTENT',
    entityType: 'Content',
    id: CONTENT,
    name: 'Soak s1-1',
    status: 'unpublished',
    files: [{ id: FILE, name: 'Soak guide.pdf' }],
    ...overrides,
  };
}

function file(overrides: TableItem = {}): TableItem {
  return {
    pk: `FILE#${FILE}`,
    sk: 'FILE',
    entityType: 'File',
    id: FILE,
    status: 'Ready',
    visibility: 'private',
    objectKey: `files/${FILE}`,
    metadata: { id: CONTENT, type: 'content' },
    ...overrides,
  };
}

function outbox(id: string, overrides: TableItem = {}): TableItem {
  return {
    pk: `MESSAGE#${id}`,
    sk: 'MESSAGE',
    entityType: 'InvitationEmail',
    id,
    emailStatus: 'sent',
    emailMessageId: `ses-${id}`,
    email: { to: ['a@example.edu'], subject: `Invitation ${id}`, text: 'Join us.' },
    ...overrides,
  };
}

function inboxEmail(messageId: string, subject: string) {
  return { messageId, destination: { to: ['a@example.edu'] }, subject, body: { text: 'Join us.\r\n' } };
}

function downloads(events: number, counted: number): TableItem[] {
  const items: TableItem[] = [];
  for (let i = 0; i < events; i += 1) {
    items.push({
      pk: 'STAT_EVENTS#contentfiledownload#2026-11',
      sk: `2026-11-29T10:00:0${i}.000Z#e${i}`,
      entityType: 'DownloadEvent',
      timestamp: `2026-11-29T10:00:0${i}.000Z`,
      metadata: { fileId: FILE },
    });
  }
  items.push({
    pk: 'STAT#contentfiledownload#total#year',
    sk: '2026#all',
    entityType: 'StatisticCounter',
    subject: 'all',
    value: counted,
  });
  return items;
}

/** A store consistent with {@link LEDGER}. */
function goodStore(): StoreSnapshot {
  return {
    items: [
      content(),
      file(),
      { pk: 'INVITATION#1', sk: 'INVITATION', entityType: 'Invitation', email: 'soak.1@example.edu' },
      {
        pk: `CONTENT#${CONTENT}`,
        sk: `REVIEW#${USER}`,
        entityType: 'Review',
        contentId: CONTENT,
        userId: USER,
        rating: 4,
      },
      outbox('m1'),
      ...downloads(2, 2),
    ],
    objects: [{ bucket: 'private', key: `files/${FILE}` }],
    openMultipartUploads: [],
    inbox: [inboxEmail('ses-m1', 'Invitation m1'), inboxEmail('ses-m1', 'Invitation m1')],
    nowSeconds: NOW,
  };
}

const LEDGER: LedgerEntry[] = [
  {
    outcome: 'acknowledged',
    sentAtMs: 1,
    expect: { kind: 'content', name: 'Soak s1-1', id: CONTENT, fileIds: [FILE] },
  },
  { outcome: 'acknowledged', sentAtMs: 2, expect: { kind: 'invitation', email: 'soak.1@example.edu' } },
  { outcome: 'acknowledged', sentAtMs: 3, expect: { kind: 'rating', contentId: CONTENT, userId: USER, rating: 2 } },
  { outcome: 'acknowledged', sentAtMs: 4, expect: { kind: 'rating', contentId: CONTENT, userId: USER, rating: 4 } },
  { outcome: 'acknowledged', sentAtMs: 5, expect: { kind: 'download', fileId: FILE } },
  { outcome: 'unknown', sentAtMs: 6, expect: { kind: 'download', fileId: FILE } },
];

const NO_API_FINDINGS: ApiFindings = { searchResultsMissing: [], publishedNotFound: [] };

function broken(
  ledger: readonly LedgerEntry[],
  store: StoreSnapshot,
  api: ApiFindings = NO_API_FINDINGS,
): InvariantName[] {
  return checkInvariants(ledger, store, api).map((violation) => violation.invariant);
}

describe('the soak invariants', () => {
  it('passes a store that holds every write once', () => {
    expect(checkInvariants(LEDGER, goodStore(), NO_API_FINDINGS)).toEqual([]);
    expect(countFound(LEDGER, goodStore())).toEqual({ acknowledged: 5, found: 5 });
  });

  it('reports an acknowledged write that is missing', () => {
    const store = goodStore();
    const withoutInvitation = { ...store, items: store.items.filter((item) => item.entityType !== 'Invitation') };
    expect(broken(LEDGER, withoutInvitation)).toEqual(['acknowledged-write-present']);
    expect(countFound(LEDGER, withoutInvitation).found).toBe(4);
  });

  it('reports a rating that is not the last acknowledged one', () => {
    const store = goodStore();
    const items = store.items.map((item) => (item.entityType === 'Review' ? { ...item, rating: 2 } : item));
    expect(broken(LEDGER, { ...store, items })).toEqual(['acknowledged-write-present']);
  });

  it('accepts an unknown write wholly absent, and reports one half there', () => {
    const unknown: LedgerEntry = {
      outcome: 'unknown',
      sentAtMs: 7,
      expect: { kind: 'import', emails: ['soak.2@example.edu', 'soak.3@example.edu'] },
    };
    expect(broken([...LEDGER, unknown], goodStore())).toEqual([]);
    const store = goodStore();
    const half = {
      ...store,
      items: [
        ...store.items,
        { pk: 'INVITATION#2', sk: 'INVITATION', entityType: 'Invitation', email: 'soak.2@example.edu' },
      ],
    };
    expect(broken([...LEDGER, unknown], half)).toEqual(['unknown-write-whole']);
  });

  it('reports an item whose file has no record or no object', () => {
    const store = goodStore();
    expect(broken(LEDGER, { ...store, objects: [] })).toEqual(['item-has-its-files']);
    const noRecord = { ...store, items: store.items.filter((item) => item.entityType !== 'File') };
    expect(broken(LEDGER, noRecord)).toContain('item-has-its-files');
  });

  it('reports a file without its item, and an object without its record', () => {
    const store = goodStore();
    const detached = {
      ...store,
      items: store.items.map((item) => (item.entityType === 'Content' ? content({ files: [] }) : item)),
    };
    expect(broken([], detached)).toEqual(['file-has-its-item']);
    const stray = { ...store, objects: [...store.objects, { bucket: 'public' as const, key: 'files/orphan' }] };
    expect(broken(LEDGER, stray)).toEqual(['file-has-its-item']);
  });

  it('allows an expired upload within the sweeper window, not past it', () => {
    const store = goodStore();
    const upload = (expiresAt: number) =>
      file({ id: 'u1', pk: 'FILE#u1', objectKey: 'files/u1', expiresAt, metadata: { id: 'u1', type: 'content' } });
    const within = {
      ...store,
      items: [...store.items, upload(NOW - 30)],
      objects: [...store.objects, { bucket: 'private' as const, key: 'files/u1' }],
    };
    expect(broken(LEDGER, within)).toEqual([]);
    const late = { ...within, items: [...store.items, upload(NOW - 600)] };
    expect(broken(LEDGER, late)).toEqual(['file-has-its-item']);
  });

  it('reports an open multipart upload', () => {
    const store = { ...goodStore(), openMultipartUploads: [{ bucket: 'private', key: 'bundles/x.zip' }] };
    expect(broken(LEDGER, store)).toEqual(['no-open-multipart-upload']);
  });

  it('reports download counters that differ from the events', () => {
    const store = goodStore();
    const items = [...store.items.filter((item) => !String(item.pk).startsWith('STAT')), ...downloads(2, 3)];
    expect(broken(LEDGER, { ...store, items })).toEqual(['download-counters-equal-events']);
  });

  it('reports an acknowledged download without its event', () => {
    const store = goodStore();
    const items = [...store.items.filter((item) => !String(item.pk).startsWith('STAT')), ...downloads(0, 0)];
    expect(broken(LEDGER, { ...store, items })).toEqual(['acknowledged-write-present']);
  });

  it('reports what the API found: a search result that does not exist, a published item not found', () => {
    expect(broken(LEDGER, goodStore(), { searchResultsMissing: ['x'], publishedNotFound: [] })).toEqual([
      'search-results-exist',
    ]);
    expect(broken(LEDGER, goodStore(), { searchResultsMissing: [], publishedNotFound: [CONTENT] })).toEqual([
      'published-items-found',
    ]);
  });

  it('reports a retried write stored twice', () => {
    const store = goodStore();
    const twice = {
      ...store,
      items: [
        ...store.items,
        { pk: 'INVITATION#9', sk: 'INVITATION', entityType: 'Invitation', email: 'SOAK.1@example.edu' },
      ],
    };
    expect(broken(LEDGER, twice)).toEqual(['no-duplicate-write']);
    const copy = content({ id: 'other', pk: 'CONTENT#other', files: [] });
    expect(broken(LEDGER, { ...store, items: [...store.items, copy] })).toEqual(['no-duplicate-write']);
  });

  it('reports an e-mail sent twice', () => {
    const store = goodStore();
    const twice = { ...store, inbox: [...store.inbox, inboxEmail('ses-other', 'Invitation m1')] };
    expect(broken(LEDGER, twice)).toEqual(['no-email-sent-twice']);
  });

  it('reports an e-mail still pending, and one marked sent that never arrived', () => {
    const store = goodStore();
    const pending = { ...store, items: [...store.items, outbox('m2', { emailStatus: 'pending' })] };
    expect(broken(LEDGER, pending)).toEqual(['no-email-lost']);
    const lost = { ...store, items: [...store.items, outbox('m3')] };
    expect(broken(LEDGER, lost)).toEqual(['no-email-lost']);
  });

  it('counts an unconfirmed e-mail as not lost whether or not it arrived, but not twice', () => {
    const store = goodStore();
    const unconfirmed = { ...store, items: [...store.items, outbox('m4', { emailStatus: 'unconfirmed' })] };
    expect(broken(LEDGER, unconfirmed)).toEqual([]);
    const arrived = { ...unconfirmed, inbox: [...unconfirmed.inbox, inboxEmail('ses-m4', 'Invitation m4')] };
    expect(broken(LEDGER, arrived)).toEqual([]);
    const twice = { ...arrived, inbox: [...arrived.inbox, inboxEmail('ses-m4-again', 'Invitation m4')] };
    expect(broken(LEDGER, twice)).toEqual(['no-email-sent-twice']);
  });
});
