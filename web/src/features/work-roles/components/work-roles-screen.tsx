import { Box, chakra, Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useId } from 'react';
import { useSearchParams } from 'react-router-dom';
import { type CompetencyArea, NiceGeneration, type WorkRole } from '#shared/contracts/work-role';
import { RouterLink } from '../../../components/ui/link.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useWorkRoles } from '../api/work-roles.ts';
import {
  DEFAULT_GENERATION,
  GENERATION_LABELS,
  GENERATION_ORDER,
  groupRoles,
  type RoleGroup,
  statementCount,
  workRolePath,
} from './work-role-labels.ts';

/** The address parameter of the generation shown (`?generation=2017`); absent means v2.1.0. */
export const GENERATION_PARAM = 'generation';

const NativeRadio = chakra('input', {
  base: { boxSize: '4', accentColor: 'brand.solid', cursor: 'pointer', flexShrink: 0 },
});

/** The generation switch: two radio buttons in a fieldset, written to the address. */
function GenerationSwitch({
  value,
  onChange,
}: {
  value: NiceGeneration;
  onChange: (generation: NiceGeneration) => void;
}) {
  const name = useId();
  return (
    <chakra.fieldset border="0" m="0" p="0" minW="0">
      <chakra.legend fontWeight="semibold" mb="2" p="0">
        Generation
      </chakra.legend>
      <HStack gap="6" wrap="wrap">
        {GENERATION_ORDER.map((generation) => (
          <HStack as="label" key={generation} gap="2" cursor="pointer">
            <NativeRadio
              type="radio"
              name={name}
              value={generation}
              checked={value === generation}
              onChange={() => onChange(generation)}
            />
            <Text as="span">{GENERATION_LABELS[generation]}</Text>
          </HStack>
        ))}
      </HStack>
    </chakra.fieldset>
  );
}

function RoleList({ roles, label }: { roles: readonly WorkRole[]; label: string }) {
  return (
    <Stack as="ul" aria-label={label} gap="2" listStyleType="none" m="0" p="0">
      {roles.map((role) => (
        <li key={role.id}>
          <RouterLink to={workRolePath(role.id)} fontWeight="medium">
            {role.name}
          </RouterLink>
          <Text as="span" color="fg.muted" textStyle="sm">
            {' '}
            · {role.id} · {statementCount(role.statements.length)}
          </Text>
        </li>
      ))}
    </Stack>
  );
}

function CategorySection({ group }: { group: RoleGroup }) {
  const headingId = useId();
  return (
    <Stack as="section" aria-labelledby={headingId} gap="3">
      <Heading as="h3" id={headingId} size="md">
        {group.name}
      </Heading>
      {group.description ? (
        <Text color="fg.muted" maxW="prose">
          {group.description}
        </Text>
      ) : null}
      {group.areas ? (
        <Stack gap="4" ps={{ base: '0', md: '4' }}>
          {group.areas.map((area) => (
            <Stack key={area.key} gap="2">
              <Heading as="h4" size="sm">
                {area.name}
              </Heading>
              <RoleList roles={area.roles} label={`Work roles in ${area.name}`} />
            </Stack>
          ))}
        </Stack>
      ) : (
        <RoleList roles={group.roles} label={`Work roles in ${group.name}`} />
      )}
    </Stack>
  );
}

function CompetencyAreas({ areas }: { areas: readonly CompetencyArea[] }) {
  if (areas.length === 0) return null;
  return (
    <Stack as="section" aria-labelledby="competency-areas" gap="3">
      <Heading as="h2" id="competency-areas" size="xl">
        Competency areas
      </Heading>
      <Text color="fg.muted" maxW="prose">
        The NICE Framework Components v2.1.0 also describe {areas.length} competency areas: broad fields of knowledge
        and skill that cut across work roles.
      </Text>
      <chakra.dl display="grid" gap="3" m="0">
        {areas.map((area) => (
          <Box key={area.id}>
            <chakra.dt fontWeight="semibold">{area.name}</chakra.dt>
            <chakra.dd m="0" color="fg.muted" maxW="prose">
              {area.description}
            </chakra.dd>
          </Box>
        ))}
      </chakra.dl>
    </Stack>
  );
}

function ListSkeleton() {
  return (
    <Stack gap="3" role="status" aria-label="Loading the work roles">
      <Skeleton height="6" width="40%" />
      {Array.from({ length: 8 }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Skeleton key={index} height="4" width={`${55 + ((index * 7) % 35)}%`} />
      ))}
    </Stack>
  );
}

/**
 * The NICE work roles (`/work-roles`; issue 27 item 1; decision record 079): a switch
 * between the two generations (Components v2.1.0 by default, NICE 2017 with
 * `?generation=2017`), the roles grouped by category (2017: category, then specialty
 * area), each a link to its page with its statement count, and for v2.1.0 the 11
 * competency areas. A skeleton while loading, the error with Retry, an empty state.
 * Open to everyone.
 */
export function WorkRolesScreen() {
  useDocumentTitle('NICE work roles');
  const [params, setParams] = useSearchParams();
  const parsed = NiceGeneration.safeParse(params.get(GENERATION_PARAM));
  const generation = parsed.success ? parsed.data : DEFAULT_GENERATION;
  const query = useWorkRoles(generation);
  const roles = query.data?.items ?? [];
  const setGeneration = (next: NiceGeneration) => {
    const address = new URLSearchParams(params);
    if (next === DEFAULT_GENERATION) address.delete(GENERATION_PARAM);
    else address.set(GENERATION_PARAM, next);
    setParams(address, { replace: true });
  };
  return (
    <Stack gap="6">
      <Stack gap="2">
        <Heading as="h1" size="3xl">
          NICE work roles
        </Heading>
        <Text maxW="prose">
          The work roles of the NICE Workforce Framework for Cybersecurity, each with the task, knowledge and skill
          statements it is built from. Open a role to read its statements and find the courseware mapped to them.
        </Text>
      </Stack>
      <GenerationSwitch value={generation} onChange={setGeneration} />
      {query.isPending ? (
        <ListSkeleton />
      ) : query.isError ? (
        <LoadError title="The work roles could not be loaded." onRetry={() => query.refetch()} />
      ) : roles.length === 0 ? (
        <Text>No work roles of this generation yet.</Text>
      ) : (
        <>
          <Stack as="section" aria-labelledby="work-roles-heading" gap="6">
            <Heading as="h2" id="work-roles-heading" size="xl">
              {GENERATION_LABELS[generation]}: {roles.length} work roles
            </Heading>
            {groupRoles(roles).map((group) => (
              <CategorySection key={group.key} group={group} />
            ))}
          </Stack>
          {generation === '2.1.0' ? <CompetencyAreas areas={query.data.competencyAreas} /> : null}
        </>
      )}
    </Stack>
  );
}
