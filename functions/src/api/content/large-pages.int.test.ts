import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Content } from '#shared/contracts/content';
import { LIMITS } from '#shared/limits';
import { createContent } from '../../data/content.ts';
import type { ContentRecord } from '../../data/items.ts';
import { contentRecord } from '../../test-support/content-record.ts';
import { jsonBody, loadEvent, withQuery } from '../../test-support/events.ts';
import { lambdaContext, startTestStack } from '../../test-support/stack.ts';
import { handler } from './index.ts';

/**
 * Content descriptions may hold 100,000 characters of HTML (spec §5), and a content
 * page may ask for 300 items (spec §7): such a page must still fit in a Lambda
 * response (6 MB), so a page ends where DynamoDB ends a page at its 1 MB cap.
 */

const ITEMS = 24;
let stack: Awaited<ReturnType<typeof startTestStack>>;

function largeItem(i: number): ContentRecord {
  const name = `Large lesson ${String(i).padStart(2, '0')}`;
  const timestamp = new Date(Date.UTC(2026, 10, 1, 0, 0, i)).toISOString();
  return contentRecord(name, {
    description: `<p>${'x'.repeat(LIMITS.contentHtmlMaxChars - 7)}</p>`,
    createdTimestamp: timestamp,
    modifiedTimestamp: timestamp,
    index: i,
  });
}

beforeAll(async () => {
  stack = await startTestStack();
  for (let i = 0; i < ITEMS; i += 1) await createContent(largeItem(i));
});
afterAll(async () => {
  await stack?.stop();
});

describe('a content page of maximal descriptions', () => {
  it('stays near 1 MB per response and still returns every item once across pages', async () => {
    const seen: string[] = [];
    const sizes: number[] = [];
    let token: string | null = null;
    do {
      const query: Record<string, string> = { limit: '300', ...(token ? { pageToken: token } : {}) };
      const result = await handler(withQuery(loadEvent('content/list-content'), query), lambdaContext());
      expect(result.statusCode).toBe(200);
      sizes.push(Buffer.byteLength(String(result.body)));
      const page = jsonBody<{ items: Content[]; nextPageToken: string | null }>(result);
      seen.push(...page.items.map((item) => item.name));
      token = page.nextPageToken;
    } while (token);

    expect(sizes.length).toBeGreaterThan(1);
    for (const size of sizes) expect(size).toBeLessThan(1.5 * 2 ** 20);
    expect(seen).toHaveLength(ITEMS);
    expect(new Set(seen).size).toBe(ITEMS);
  });
});
