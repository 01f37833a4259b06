import { Box, Button, Heading, HStack, List, Stack, Table, Text } from '@chakra-ui/react';
import { Global } from '@emotion/react';
import { PrinterIcon } from 'lucide-react';
import type { Coverage, CoverageItem, CoverageProgram } from '#shared/contracts/coverage';
import { Breadcrumbs } from '../../../components/ui/breadcrumbs.tsx';
import { RouterLink } from '../../../components/ui/link.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useCoverage } from '../api/get-coverage.ts';
import { CoverageLoadState } from './coverage-load-state.tsx';
import { itemPath, noCaeMapped } from './coverage-report.tsx';
import { WorksheetDownloadButton } from './worksheet-download.tsx';

/**
 * Print rules of the worksheet page: no header, footer, breadcrumbs or buttons on
 * paper, the page at full width, each program on a new page (the evidence links'
 * text is their absolute address, readable on paper).
 */
const PRINT_CSS = `
@media print {
  header, footer, nav[aria-label="Breadcrumb"], [data-print="hide"] { display: none !important; }
  main, main > div { max-width: none !important; padding: 0 !important; margin: 0 !important; }
  [data-print="program"] + [data-print="program"] { break-before: page; }
  [data-print="program"] tr { break-inside: avoid; }
}
`;

/** The KU rows of one program: each covered KU with, per item, the outcomes that item addresses. */
export function programRows(program: CoverageProgram, items: ReadonlyMap<string, CoverageItem>) {
  return program.groups.flatMap((group) =>
    group.units
      .filter((unit) => unit.covered)
      .map((unit) => ({
        group: group.label,
        unit,
        items: unit.items.flatMap((id) => {
          const item = items.get(id);
          if (!item) return [];
          const outcomes = unit.outcomes.filter((outcome) => outcome.addressedBy.includes(id));
          return [{ item, outcomes }];
        }),
      })),
  );
}

function ProgramMapping({ program, items }: { program: CoverageProgram; items: ReadonlyMap<string, CoverageItem> }) {
  const rows = programRows(program, items);
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  return (
    <Box as="section" data-print="program" aria-labelledby={`worksheet-${program.program}`}>
      <Heading as="h2" id={`worksheet-${program.program}`} size="lg" mb="2">
        {program.program}: {program.coveredCount} of {program.unitCount} knowledge units covered
      </Heading>
      {rows.length === 0 ? (
        <Text>No knowledge unit of this program is covered.</Text>
      ) : (
        <Table.Root size="sm" variant="outline">
          <Table.Caption captionSide="top" textAlign="start" pb="2">
            {program.program} program-of-study mapping: knowledge unit, course items, outcomes, evidence
          </Table.Caption>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Knowledge unit</Table.ColumnHeader>
              <Table.ColumnHeader>Course item</Table.ColumnHeader>
              <Table.ColumnHeader>Outcomes addressed</Table.ColumnHeader>
              <Table.ColumnHeader>Evidence</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.flatMap((row) =>
              row.items.map(({ item, outcomes }, position) => (
                <Table.Row key={`${row.unit.id}-${item.id}`} verticalAlign="top">
                  {position === 0 ? (
                    <Table.Cell rowSpan={row.items.length}>
                      <Text fontWeight="semibold">
                        {row.unit.id} {row.unit.name}
                      </Text>
                      <Text fontSize="sm" color="fg.muted">
                        {row.group}; outcomes addressed {row.unit.addressedCount} of {row.unit.outcomes.length}
                      </Text>
                    </Table.Cell>
                  ) : null}
                  <Table.Cell>{item.name}</Table.Cell>
                  <Table.Cell>
                    {outcomes.length === 0 ? (
                      <Text color="fg.muted">None marked</Text>
                    ) : (
                      <List.Root as="ul" ps="4" gap="1">
                        {outcomes.map((outcome) => (
                          <List.Item key={outcome.index}>{outcome.text}</List.Item>
                        ))}
                      </List.Root>
                    )}
                  </Table.Cell>
                  <Table.Cell>
                    <RouterLink to={itemPath(item)} data-print="evidence">
                      {`${origin}${itemPath(item)}`}
                    </RouterLink>
                    {item.files.length > 0 ? (
                      <Text fontSize="sm" color="fg.muted">
                        Files: {item.files.join(', ')}
                      </Text>
                    ) : null}
                  </Table.Cell>
                </Table.Row>
              )),
            )}
          </Table.Body>
        </Table.Root>
      )}
    </Box>
  );
}

/**
 * The printable CAE mapping worksheet of a collection (`/collections/{id}/cae-worksheet`,
 * issue 27 item 3): per program, knowledge unit → course items → outcomes → evidence
 * links, laid out for a designation application; "Print" calls `window.print()`, and
 * the print rules leave the portal's shell off paper and start each program on a new page.
 */
export function WorksheetPage({ id }: { id: string }) {
  const coverage = useCoverage({ kind: 'collection', id });
  const name = coverage.data?.subject.name;
  useDocumentTitle(name ? `CAE worksheet: ${name}` : 'CAE worksheet');
  const crumbs = [
    { label: 'Collections', to: '/collections', current: false },
    { label: name ?? 'Collection', to: `/collections/${id}`, current: false },
    { label: 'CAE and NICE coverage', to: `/collections/${id}/coverage`, current: false },
    { label: 'CAE worksheet', to: `/collections/${id}/cae-worksheet`, current: true },
  ];
  return (
    <Stack gap="6">
      <Global styles={PRINT_CSS} />
      <Breadcrumbs crumbs={crumbs} />
      <Heading as="h1" size="2xl">
        CAE mapping worksheet{name ? `: ${name}` : ''}
      </Heading>
      <CoverageLoadState
        coverage={coverage}
        loading="Loading the worksheet"
        missing="This collection does not exist or is not shared with you."
        errorTitle="The worksheet could not be loaded"
      >
        {(data) => <WorksheetBody coverage={data} id={id} />}
      </CoverageLoadState>
    </Stack>
  );
}

function WorksheetBody({ coverage, id }: { coverage: Coverage; id: string }) {
  const items = new Map(coverage.items.map((item) => [item.id, item]));
  return (
    <>
      <HStack gap="3" wrap="wrap" data-print="hide">
        <Button variant="outline" onClick={() => window.print()}>
          <PrinterIcon aria-hidden="true" />
          Print
        </Button>
        <WorksheetDownloadButton collectionId={id} name={coverage.subject.name} />
      </HStack>
      <Text>
        {coverage.subject.itemCount} {coverage.subject.itemCount === 1 ? 'item' : 'items'}; {coverage.cae.coveredCount}{' '}
        of {coverage.cae.unitCount} CAE knowledge units covered.
      </Text>
      {noCaeMapped(coverage) ? (
        <Text>No CAE knowledge units are mapped yet.</Text>
      ) : (
        coverage.cae.programs.map((program) => <ProgramMapping key={program.program} program={program} items={items} />)
      )}
    </>
  );
}
