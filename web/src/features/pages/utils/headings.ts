import type { Page, PageSection, SectionWidgetOf } from '#shared/contracts/page';

/**
 * The heading widget a section opens with, or null. Such a section is headed by
 * that widget (the way the seeded pages are written): its name stays the editor's
 * label for it and is not drawn as a second heading.
 */
export function leadingHeading(section: Pick<PageSection, 'widgets'>): SectionWidgetOf<'heading'> | null {
  const first = section.widgets[0];
  return first?.kind === 'heading' ? first : null;
}

/** The level (1–6) of a heading widget's `customAttributes.type`. */
export function headingLevel(widget: SectionWidgetOf<'heading'>): number {
  return Number(widget.customAttributes.type.slice(1));
}

/**
 * Whether the page's first section (by index) opens with an h1 heading widget: then
 * that heading is the page's h1 and the title is not drawn again (it still names
 * the document and the article).
 */
export function pageOpensWithH1(page: Pick<Page, 'sections'>): boolean {
  const first = [...page.sections].sort((a, b) => a.index - b.index)[0];
  const heading = first ? leadingHeading(first) : null;
  return heading !== null && headingLevel(heading) === 1;
}
