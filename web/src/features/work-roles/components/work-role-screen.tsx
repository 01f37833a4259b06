import { Badge, Box, chakra, Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { SearchIcon } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { STATEMENT_TYPE_OF_GENERATION, type WorkRole } from '#shared/contracts/work-role';
import { Breadcrumbs } from '../../../components/ui/breadcrumbs.tsx';
import { LinkButton } from '../../../components/ui/link-button.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useStatements, useWorkRole } from '../api/work-roles.ts';
import {
  GENERATION_LABELS,
  statementCount,
  statementsByKind,
  workRolePath,
  workRoleSearchPath,
} from './work-role-labels.ts';

const WORK_ROLES_PATH = '/work-roles';

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <Box>
      <chakra.dt fontWeight="semibold">{term}</chakra.dt>
      <chakra.dd m="0">{children}</chakra.dd>
    </Box>
  );
}

/** The role's statements with their texts, grouped by kind (Tasks, Knowledge, Skills, Abilities). */
function Statements({ role }: { role: WorkRole }) {
  const type = STATEMENT_TYPE_OF_GENERATION[role.generation];
  const query = useStatements(type, role.statements, true);
  const texts = new Map((query.data ?? []).map((item) => [item.id, item.name]));
  const headingId = useId();
  return (
    <Stack as="section" aria-labelledby={headingId} gap="4">
      <Heading as="h2" id={headingId} size="xl">
        Statements ({role.statements.length.toLocaleString('en-US')})
      </Heading>
      {query.isError ? (
        <LoadError title="The statements’ texts could not be loaded." onRetry={() => query.refetch()} />
      ) : null}
      {role.statements.length === 0 ? <Text>This work role maps no statements.</Text> : null}
      {query.isPending && role.statements.length > 0 ? (
        <Stack gap="2" role="status" aria-label="Loading the statements">
          {Array.from({ length: 6 }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <Skeleton key={index} height="4" width={`${60 + ((index * 9) % 35)}%`} />
          ))}
        </Stack>
      ) : (
        statementsByKind(role.statements).map((group) => (
          <Stack as="section" key={group.label} aria-label={group.label} gap="2">
            <Heading as="h3" size="md">
              {group.label} ({group.ids.length.toLocaleString('en-US')})
            </Heading>
            <Stack as="ul" gap="1.5" listStyleType="none" m="0" p="0" aria-label={`${group.label} statements`}>
              {group.ids.map((id) => (
                <li key={id}>
                  <Text as="span" fontFamily="mono" fontWeight="semibold" me="2">
                    {id}
                  </Text>
                  <Text as="span">{texts.get(id) ?? ''}</Text>
                </li>
              ))}
            </Stack>
          </Stack>
        ))
      )}
      {role.tasks2017 && role.tasks2017.length > 0 ? (
        <Text color="fg.muted" textStyle="sm" maxW="prose">
          NICE 2017 also lists {role.tasks2017.length.toLocaleString('en-US')} tasks for this role (
          {role.tasks2017.join(', ')}); courseware is mapped to its knowledge, skill and ability statements.
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * One NICE work role (`/work-roles/<id>`; issue 27 item 1; decision record 079): its
 * name, description, generation, category (and 2017 specialty area), OPM codes, a
 * "Find courseware for this role" link to the search (`/courseware?workRole=<id>`), and
 * its statements with their texts by kind. "Work role not found" for an unknown id, a
 * skeleton while loading, the error with Retry. Open to everyone.
 */
export function WorkRoleScreen({ id }: { id: string }) {
  const query = useWorkRole(id);
  const role = query.data;
  useDocumentTitle(role ? role.name : 'Work role');
  const crumbs = (label: string) => [
    { label: 'Work roles', to: WORK_ROLES_PATH, current: false },
    { label, to: workRolePath(id), current: true },
  ];
  if (query.isPending) {
    return (
      <Stack gap="4" role="status" aria-label="Loading the work role">
        <Skeleton height="8" width="50%" />
        <Skeleton height="4" width="80%" />
        <Skeleton height="4" width="70%" />
      </Stack>
    );
  }
  if (!role) {
    if (query.error instanceof ApiError && query.error.statusCode === 404) {
      return (
        <Stack gap="4">
          <Breadcrumbs crumbs={crumbs(id)} />
          <Heading as="h1" size="3xl">
            Work role not found
          </Heading>
          <Text>
            There is no NICE work role {id}. <LinkButtonInline />
          </Text>
        </Stack>
      );
    }
    return <LoadError title="The work role could not be loaded." onRetry={() => query.refetch()} />;
  }
  return (
    <Stack gap="6">
      <Breadcrumbs crumbs={crumbs(role.name)} />
      <Stack gap="3">
        <Heading as="h1" size="3xl">
          {role.name}
        </Heading>
        <HStack gap="2" wrap="wrap">
          <Badge variant="outline">{role.id}</Badge>
          <Badge variant="subtle" colorPalette="brand">
            {GENERATION_LABELS[role.generation]}
          </Badge>
          <Text color="fg.muted">{statementCount(role.statements.length)}</Text>
        </HStack>
        <Text maxW="prose">{role.description}</Text>
      </Stack>
      <Box>
        <LinkButton to={workRoleSearchPath(role.id)} colorPalette="brand" size="lg">
          <SearchIcon aria-hidden="true" />
          Find courseware for this role
        </LinkButton>
      </Box>
      <chakra.dl display="grid" gridTemplateColumns={{ base: '1fr', md: 'repeat(3, minmax(0, 1fr))' }} gap="4" m="0">
        <Fact term="Category">{role.category.name}</Fact>
        {role.specialtyArea ? <Fact term="Specialty area">{role.specialtyArea.name}</Fact> : null}
        <Fact term={role.opmCodes.length === 1 ? 'OPM code' : 'OPM codes'}>
          {role.opmCodes.length > 0 ? role.opmCodes.join(', ') : 'None'}
        </Fact>
      </chakra.dl>
      <Statements role={role} />
    </Stack>
  );
}

function LinkButtonInline() {
  return (
    <LinkButton to={WORK_ROLES_PATH} variant="outline" size="sm">
      All work roles
    </LinkButton>
  );
}
