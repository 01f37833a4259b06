import { Badge, Box, Button, Heading, HStack, List, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { lazy, Suspense, useState } from 'react';
import type {
  CoverageGroup,
  CoverageItem,
  CoverageProgram,
  Coverage as CoverageReport,
} from '#shared/contracts/coverage';
import type { NiceGeneration } from '#shared/contracts/work-role';
import { RouterLink } from '../../../components/ui/link.tsx';

const LazyBarChart = lazy(() =>
  import('./coverage-chart.tsx').then((module) => ({ default: module.CoverageBarChart })),
);

/** How many roles the NICE chart shows (the table lists them all). */
export const TOP_ROLES = 10;

/** The item page of a report's item (the SPA's courseware address). */
export function itemPath(item: Pick<CoverageItem, 'id' | 'alias'>): string {
  return `/courseware/${item.alias ?? item.id}`;
}

/** True when the report maps no CAE KU at all (the empty state). */
export function noCaeMapped(coverage: CoverageReport): boolean {
  return coverage.cae.coveredCount === 0 && coverage.cae.unknownUnits.length === 0;
}

function ChartBox({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box as="figure" height="64" aria-hidden="true" data-testid={label}>
      <Suspense fallback={<Skeleton height="full" />}>{children}</Suspense>
    </Box>
  );
}

function ItemLinks({ ids, items }: { ids: readonly string[]; items: ReadonlyMap<string, CoverageItem> }) {
  if (ids.length === 0) return <Text as="span">—</Text>;
  return (
    <List.Root as="ul" listStyleType="none" gap="1">
      {ids.map((id) => {
        const item = items.get(id);
        return <List.Item key={id}>{item ? <RouterLink to={itemPath(item)}>{item.name}</RouterLink> : id}</List.Item>;
      })}
    </List.Root>
  );
}

function GroupTable({
  program,
  group,
  items,
}: {
  program: string;
  group: CoverageGroup;
  items: ReadonlyMap<string, CoverageItem>;
}) {
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="l2">
      <Table.Root size="sm">
        <Table.Caption textAlign="start" fontWeight="semibold" captionSide="top" pb="2">
          {program} {group.label}: {group.coveredCount} of {group.unitCount} knowledge units covered
        </Table.Caption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Knowledge unit</Table.ColumnHeader>
            <Table.ColumnHeader>Covered</Table.ColumnHeader>
            <Table.ColumnHeader>By items</Table.ColumnHeader>
            <Table.ColumnHeader>Outcomes addressed</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {group.units.map((unit) => (
            <Table.Row key={unit.id}>
              <Table.Cell>
                <Text as="span" fontFamily="mono" fontWeight="semibold" me="2">
                  {unit.id}
                </Text>
                {unit.name}
              </Table.Cell>
              <Table.Cell>
                <Badge colorPalette={unit.covered ? 'green' : 'gray'}>{unit.covered ? 'Covered' : 'Not covered'}</Badge>
              </Table.Cell>
              <Table.Cell>
                <ItemLinks ids={unit.items} items={items} />
              </Table.Cell>
              <Table.Cell>
                {unit.outcomes.length === 0 ? (
                  'No outcomes listed'
                ) : (
                  <>
                    <Text>
                      {unit.addressedCount} of {unit.outcomes.length}
                    </Text>
                    {unit.addressedCount > 0 ? (
                      <List.Root as="ul" ps="4" gap="1" fontSize="sm">
                        {unit.outcomes
                          .filter((outcome) => outcome.addressedBy.length > 0)
                          .map((outcome) => (
                            <List.Item key={outcome.index}>{outcome.text}</List.Item>
                          ))}
                      </List.Root>
                    ) : null}
                  </>
                )}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

function ProgramSection({ program, items }: { program: CoverageProgram; items: ReadonlyMap<string, CoverageItem> }) {
  const rows = program.groups.map((group) => ({
    label: group.label,
    Covered: group.coveredCount,
    'Not covered': group.unitCount - group.coveredCount,
  }));
  const headingId = `coverage-${program.program}`;
  return (
    <Box as="section" aria-labelledby={headingId}>
      <Heading as="h3" id={headingId} size="md" mb="2">
        {program.program}: {program.coveredCount} of {program.unitCount} knowledge units covered
      </Heading>
      <ChartBox label={`Chart of ${program.program} coverage by group`}>
        <LazyBarChart
          rows={rows}
          keys={['Covered', 'Not covered']}
          colors={['#2f855a', '#a0aec0']}
          legend="Knowledge units"
        />
      </ChartBox>
      <Stack gap="4" mt="3">
        {program.groups.map((group) => (
          <GroupTable key={group.group} program={program.program} group={group} items={items} />
        ))}
      </Stack>
    </Box>
  );
}

function NiceSection({ coverage }: { coverage: CoverageReport }) {
  const [generation, setGeneration] = useState<NiceGeneration>('2.1.0');
  const roles = coverage.nice.roles.filter((role) => role.generation === generation);
  const rows = roles
    .slice(0, TOP_ROLES)
    .map((role) => ({ label: role.name, 'Share covered (%)': Math.round(role.share * 100) }));
  return (
    <Box as="section" aria-labelledby="coverage-nice-heading">
      <Heading as="h2" id="coverage-nice-heading" size="lg" mb="2">
        NICE work roles
      </Heading>
      <HStack role="group" aria-label="NICE framework generation" gap="2" mb="3">
        {(['2.1.0', '2017'] as const).map((one) => (
          <Button
            key={one}
            size="sm"
            variant={generation === one ? 'solid' : 'outline'}
            aria-pressed={generation === one}
            onClick={() => setGeneration(one)}
          >
            {one === '2017' ? 'NICE 2017' : 'NICE v2.1.0'}
          </Button>
        ))}
      </HStack>
      <Text mb="3">
        {roles.length} of {coverage.nice.roleCounts[generation]} work roles served.
      </Text>
      {roles.length === 0 ? (
        <Text>No work role of this generation is served by these items.</Text>
      ) : (
        <>
          <ChartBox label="Chart of the work roles served">
            <LazyBarChart
              rows={rows}
              keys={['Share covered (%)']}
              colors={['#2b6cb0']}
              maxValue={100}
              unit="%"
              legend="Share of the role's statements covered"
            />
          </ChartBox>
          <Table.ScrollArea borderWidth="1px" borderRadius="l2" mt="3">
            <Table.Root size="sm">
              <Table.Caption textAlign="start" captionSide="top" pb="2">
                Work roles served ({generation === '2017' ? 'NICE 2017' : 'NICE v2.1.0'}), largest share first
              </Table.Caption>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>Work role</Table.ColumnHeader>
                  <Table.ColumnHeader>Category</Table.ColumnHeader>
                  <Table.ColumnHeader>Statements covered</Table.ColumnHeader>
                  <Table.ColumnHeader>Share</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {roles.map((role) => (
                  <Table.Row key={`${role.generation}-${role.id}`}>
                    <Table.Cell>{role.name}</Table.Cell>
                    <Table.Cell>{role.category.name}</Table.Cell>
                    <Table.Cell>
                      {role.coveredCount} of {role.statementCount}
                    </Table.Cell>
                    <Table.Cell>{Math.round(role.share * 100)}%</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        </>
      )}
    </Box>
  );
}

/**
 * A coverage report (issue 27 item 2): the CAE part per program (a chart of covered vs
 * not per group, aria-hidden, and a table per group: covered or not, by which items,
 * outcomes addressed n of m, listed), the gaps ("Not covered"), and the NICE work roles
 * served (a chart of the top {@link TOP_ROLES} by share, a generation switch, a table).
 */
export function CoverageReportView({ coverage }: { coverage: CoverageReport }) {
  const items = new Map(coverage.items.map((item) => [item.id, item]));
  return (
    <Stack gap="10">
      <Box as="section" aria-labelledby="coverage-cae-heading">
        <Heading as="h2" id="coverage-cae-heading" size="lg" mb="2">
          CAE knowledge units
        </Heading>
        {noCaeMapped(coverage) ? (
          <Text>No CAE knowledge units are mapped yet.</Text>
        ) : (
          <Stack gap="8">
            <Text>
              {coverage.cae.coveredCount} of {coverage.cae.unitCount} knowledge units covered by{' '}
              {coverage.subject.itemCount} {coverage.subject.itemCount === 1 ? 'item' : 'items'}.
            </Text>
            {coverage.cae.programs.map((program) => (
              <ProgramSection key={program.program} program={program} items={items} />
            ))}
          </Stack>
        )}
      </Box>
      {noCaeMapped(coverage) ? null : (
        <Box as="section" aria-labelledby="coverage-gaps-heading">
          <Heading as="h2" id="coverage-gaps-heading" size="lg" mb="2">
            Not covered
          </Heading>
          {coverage.cae.gaps.length === 0 ? (
            <Text>Every knowledge unit is covered.</Text>
          ) : (
            <Stack gap="3">
              {coverage.cae.gaps.map((gap) => (
                <Box key={`${gap.program}-${gap.group}`}>
                  <Heading as="h3" size="sm" mb="1">
                    {gap.program} {gap.label}
                  </Heading>
                  <List.Root as="ul" ps="5" gap="1">
                    {gap.units.map((unit) => (
                      <List.Item key={unit.id}>
                        {unit.id} {unit.name}
                      </List.Item>
                    ))}
                  </List.Root>
                </Box>
              ))}
            </Stack>
          )}
        </Box>
      )}
      <NiceSection coverage={coverage} />
    </Stack>
  );
}
