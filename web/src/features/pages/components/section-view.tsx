import { Heading, Stack } from '@chakra-ui/react';
import { useId } from 'react';
import type { PageSection } from '#shared/contracts/page';
import { Prose } from '../../../components/ui/prose.tsx';
import { headingLevel, leadingHeading } from '../utils/headings.ts';
import { sanitizePageHtml } from '../utils/html.ts';
import { WidgetGrid } from './widget-grid.tsx';
import { type WidgetHeadingLevel, WidgetHeadingLevelProvider } from './widgets/widget-parts.tsx';

/**
 * One section of a page (spec §3 "Section"): its name as an h2 (the section is then
 * a region named by it), its description (sanitised HTML), then its widgets (see
 * `WidgetGrid`). A section that opens with a heading widget is headed by that
 * widget instead, and its name — the editor's label — is not drawn twice. Widget
 * titles (team member names, feature titles …) sit one level below the section's
 * heading.
 */
export function SectionView({ section }: { section: PageSection }) {
  const headingId = useId();
  const name = section.name.trim();
  const opening = leadingHeading(section);
  const showName = name !== '' && opening === null;
  const description = sanitizePageHtml(section.description);
  const sectionLevel = opening ? headingLevel(opening) : showName ? 2 : 1;
  const widgetLevel = Math.min(Math.max(sectionLevel + 1, 2), 6) as WidgetHeadingLevel;
  return (
    <Stack as="section" gap="5" aria-labelledby={showName ? headingId : undefined} data-section-id={section.id}>
      {showName ? (
        <Heading as="h2" id={headingId} size="2xl">
          {name}
        </Heading>
      ) : null}
      {description ? (
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server and again by DOMPurify just above
        <Prose dangerouslySetInnerHTML={{ __html: description }} />
      ) : null}
      <WidgetHeadingLevelProvider level={widgetLevel}>
        <WidgetGrid widgets={section.widgets} sectionName={name || undefined} />
      </WidgetHeadingLevelProvider>
    </Stack>
  );
}
