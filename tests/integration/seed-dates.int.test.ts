import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPDATED_WITHIN_DAYS } from '#shared/limits';
import { SNAPSHOT_COMMIT_DATES, snapshotCommitOf } from '../../functions/src/seed/mapping.ts';
import { type LocalPortal, startLocalPortal } from '../support/local-portal.ts';

/**
 * Issue 21 item 27: the seeded courseware carries the dates of its sources' own history
 * (functions/seed-data/courseware/dates.json, SOURCES.md §3c), not the day of the import,
 * so "New or updated" (spec §9 "Updated tag", 90 days) picks out what really changed,
 * over HTTP against the seeded local portal. The oracle is the data file itself.
 */

interface Dated {
  title: string;
  modified: { at: string };
  created: { at: string };
}
const SEED_DATA = path.resolve(import.meta.dirname, '../../functions/seed-data');
/**
 * dates.json, and the courseware-extra items dated by their source snapshot commit
 * (issue 24 item 0, decision record 050): every seeded item.
 */
const DATES = [
  ...(JSON.parse(readFileSync(path.join(SEED_DATA, 'courseware/dates.json'), 'utf8')) as Dated[]),
  ...(
    JSON.parse(readFileSync(path.join(SEED_DATA, 'courseware-extra/catalog.json'), 'utf8')) as {
      title: string;
      sourceUrl: string;
    }[]
  ).map((item): Dated => {
    const at = SNAPSHOT_COMMIT_DATES[snapshotCommitOf(item.sourceUrl) ?? ''] ?? 'undated';
    return { title: item.title, modified: { at }, created: { at } };
  }),
];

let portal: LocalPortal;

beforeAll(async () => {
  portal = await startLocalPortal({ seed: true });
});
afterAll(async () => {
  await portal?.stop();
});

async function search(filter: Record<string, unknown>) {
  const response = await fetch(`${portal.baseUrl}/api/v1/search/content`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ filter, limit: 100 }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as {
    total: number;
    items: { id: string; name: string; modifiedTimestamp: string }[];
    facets: { newOrUpdatedContent: number };
  };
}

/** Titles whose last source change lies within the "new or updated" window of `now`. */
function recentTitles(now: number): string[] {
  const cutoff = now - UPDATED_WITHIN_DAYS * 86_400_000;
  return DATES.filter((item) => Date.parse(item.modified.at) >= cutoff).map((item) => item.title);
}

describe('dates of the seeded courseware over HTTP', () => {
  it('serves each item with the created and modified dates of its source history', async () => {
    const all = await search({});
    expect(all.total).toBe(DATES.length);
    for (const item of all.items) {
      const dated = DATES.find((entry) => entry.title === item.name);
      expect(item.modifiedTimestamp.slice(0, 19), item.name).toBe(dated?.modified.at.slice(0, 19));
    }
    const detail = (await (await fetch(`${portal.baseUrl}/api/v1/content/${all.items[0]?.id}`)).json()) as {
      content: { name: string; createdTimestamp: string };
    };
    const dated = DATES.find((entry) => entry.title === detail.content.name);
    expect(detail.content.createdTimestamp.slice(0, 19)).toBe(dated?.created.at.slice(0, 19));
  });

  it('matches with "New or updated" only the items whose source changed within 90 days, not all of them', async () => {
    const before = Date.now();
    const page = await search({ newOrUpdatedContent: true });
    const after = Date.now();

    const names = page.items.map((item) => item.name).sort();
    // The window moves with the clock: the answer lies between the oracle's at the start and at the end.
    expect([recentTitles(before).sort(), recentTitles(after).sort()]).toContainEqual(names);
    expect(page.total).toBeLessThan(DATES.length);
    expect((await search({})).facets.newOrUpdatedContent).toBe(page.total);

    const listed = await fetch(`${portal.baseUrl}/api/v1/content?newOrUpdated=true&condense=true`);
    expect(listed.status).toBe(200);
    const list = (await listed.json()) as { items: { name: string }[] };
    expect(list.items.length).toBeLessThan(DATES.length);
    expect(list.items.map((item) => item.name).sort()).toEqual(names);
  });

  it('lists content most recently changed first, by the sources’ dates', async () => {
    const listed = (await (await fetch(`${portal.baseUrl}/api/v1/content?condense=true`)).json()) as {
      items: { name: string }[];
    };
    const newest = [...DATES].sort((a, b) => b.modified.at.localeCompare(a.modified.at))[0];
    expect(listed.items[0]?.name).toBe(newest?.title);
  });
});
