import { Page, type SectionWidgetInput } from '#shared/contracts/page';

/**
 * Pages for the component tests, checked against the shared contract (so defaults
 * apply as the API's answers have them). Ids are fixed 26-character ids.
 */

const STAMP = '2026-11-01T09:00:00.000Z';

/** A fixed id ending in `suffix` (two characters of Crockford base32). */
export const fixtureId = (suffix: string) => `01jd7k2m3n4p5q6r7s8t9vpg${suffix}`;

/** A widget file served from the public files area. */
export function widgetFile(suffix: string, filename: string, mimeType: string, alt: string) {
  return { fileId: fixtureId(suffix), filename, mimeType, alt };
}

/** A section in the input form (widgets without their defaults). */
export interface SectionInput {
  readonly name?: string;
  readonly key?: string;
  readonly description?: string;
  readonly index?: number;
  readonly widgets?: SectionWidgetInput[];
}

/** A published page at `href` with `sections` (ids and indexes in the order given unless set). */
export function testPage({
  title = 'Resources',
  href = '/resources',
  sections = [],
  layout = { name: 'handSortedList', parameters: {} },
  description = 'Guides, standards and tools for teaching cybersecurity on the range.',
}: {
  title?: string;
  href?: string;
  sections?: readonly SectionInput[];
  layout?: { name: 'handSortedList' | 'groupedList'; parameters: Record<string, string> };
  description?: string;
}): Page {
  return Page.parse({
    id: fixtureId('p0'),
    title,
    href,
    parentId: null,
    status: 'published',
    meta: { description, images: [] },
    layout,
    sections: sections.map((section, position) => ({
      id: fixtureId(`s${position}`),
      index: section.index ?? position,
      key: section.key ?? '',
      name: section.name ?? '',
      description: section.description ?? '',
      widgets: section.widgets ?? [],
      layout: { name: 'oneColumn' },
    })),
    createdTimestamp: STAMP,
    modifiedTimestamp: STAMP,
  });
}
