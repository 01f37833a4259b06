import { Container, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { PrinterIcon } from 'lucide-react';
import { Breadcrumbs } from '../../../components/ui/breadcrumbs.tsx';
import { LinkButton } from '../../../components/ui/link-button.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { type CoverageTarget, useCoverage } from '../api/get-coverage.ts';
import { CoverageLoadState } from './coverage-load-state.tsx';
import { CoverageReportView } from './coverage-report.tsx';
import { WorksheetDownloadButton } from './worksheet-download.tsx';

/** The page a coverage screen belongs to: the item's or the collection's. */
export function subjectPath(target: CoverageTarget): string {
  return target.kind === 'content' ? `/courseware/${target.idOrAlias}` : `/collections/${target.id}`;
}

/**
 * The "CAE and NICE coverage" screen of a content item with its descendants
 * (`/courseware/{idOrAlias}/coverage`) or of a collection (`/collections/{id}/coverage`;
 * issue 27 item 2, decision record 081): breadcrumbs, the report, and for a collection
 * "Download CAE worksheet (xlsx)" and the printable worksheet (item 3). Loading, error
 * (Retry; "not found" for a 404) and empty states.
 */
export function CoverageScreen({ target }: { target: CoverageTarget }) {
  const coverage = useCoverage(target);
  const name = coverage.data?.subject.name;
  useDocumentTitle(name ? `Coverage: ${name}` : 'Coverage');
  const back = subjectPath(target);
  const crumbs = [
    target.kind === 'content'
      ? { label: 'Courseware', to: '/courseware', current: false }
      : { label: 'Collections', to: '/collections', current: false },
    { label: name ?? (target.kind === 'content' ? 'Item' : 'Collection'), to: back, current: false },
    { label: 'CAE and NICE coverage', to: `${back}/coverage`, current: true },
  ];
  return (
    <Container maxW="6xl" py="6">
      <Stack gap="6">
        <Breadcrumbs crumbs={crumbs} />
        <Heading as="h1" size="2xl">
          CAE and NICE coverage{name ? `: ${name}` : ''}
        </Heading>
        <CoverageLoadState
          coverage={coverage}
          loading="Loading the coverage"
          missing={`${target.kind === 'content' ? 'This item' : 'This collection'} does not exist or is not shared with you.`}
          errorTitle="The coverage could not be loaded"
        >
          {(data) => (
            <>
              <Text color="fg.muted">
                {target.kind === 'content'
                  ? 'Counted over this item and the items under it that you can read.'
                  : 'Counted over the items of this collection that you can open.'}
              </Text>
              {target.kind === 'collection' ? (
                <HStack gap="3" wrap="wrap">
                  <WorksheetDownloadButton collectionId={target.id} name={data.subject.name} />
                  <LinkButton to={`/collections/${target.id}/cae-worksheet`} variant="outline">
                    <PrinterIcon aria-hidden="true" />
                    Printable worksheet
                  </LinkButton>
                </HStack>
              ) : null}
              <CoverageReportView coverage={data} />
            </>
          )}
        </CoverageLoadState>
      </Stack>
    </Container>
  );
}
