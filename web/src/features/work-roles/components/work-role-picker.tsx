import { CloseButton, Field, HStack, NativeSelect, Stack, Tag, Text } from '@chakra-ui/react';
import { useId } from 'react';
import type { WorkRole } from '#shared/contracts/work-role';
import { useWorkRoles } from '../api/work-roles.ts';
import { GENERATION_LABELS, GENERATION_ORDER, groupRoles } from './work-role-labels.ts';

/** Props of the work-role filter control (issue 27 item 1): the chosen role's id, or undefined. */
export interface WorkRolePickerProps {
  readonly value: string | undefined;
  readonly onValueChange: (value: string | undefined) => void;
}

/** The select's option groups: generation (v2.1.0 first), then category (2017: category – specialty area). */
function optionGroups(roles: readonly WorkRole[]) {
  return GENERATION_ORDER.flatMap((generation) =>
    groupRoles(roles.filter((role) => role.generation === generation)).flatMap((group) =>
      group.areas
        ? group.areas.map((area) => ({
            label: `${GENERATION_LABELS[generation]} – ${group.name}: ${area.name}`,
            roles: area.roles,
          }))
        : [{ label: `${GENERATION_LABELS[generation]} – ${group.name}`, roles: group.roles }],
    ),
  );
}

/**
 * The work-role filter of the courseware search (`workRole=<id>`; issue 27 item 1;
 * decision record 079): the chosen role as a removable tag ("Work role: Cybersecurity
 * Architecture", its button "Remove work role filter"), and a "Work role" select of
 * both generations' roles grouped by generation and category. The roles load when the
 * control is first shown (one small request, cached for a day). Composed into the
 * courseware filter panel by the route (features do not import each other).
 */
export function WorkRolePicker({ value, onValueChange }: WorkRolePickerProps) {
  const query = useWorkRoles();
  const roles = query.data?.items ?? [];
  const chosen = value ? roles.find((role) => role.id === value) : undefined;
  const hintId = useId();
  return (
    <Stack gap="2">
      {value ? (
        <HStack as="ul" aria-label="Active work-role filter" listStyleType="none" m="0" p="0">
          <li>
            <Tag.Root colorPalette="brand" variant="subtle" size="lg" height="auto" py="1" maxW="full">
              {/* The whole name, wrapped: a cut name in a narrow panel would hide which role is set. */}
              <Tag.Label whiteSpace="normal" overflow="visible">
                Work role: {chosen ? chosen.name : value}
              </Tag.Label>
              <Tag.EndElement>
                <CloseButton size="2xs" aria-label="Remove work role filter" onClick={() => onValueChange(undefined)} />
              </Tag.EndElement>
            </Tag.Root>
          </li>
        </HStack>
      ) : null}
      <Field.Root>
        <Field.Label>Work role</Field.Label>
        <NativeSelect.Root size="sm" disabled={query.isPending && !query.isError}>
          <NativeSelect.Field
            value={value ?? ''}
            aria-describedby={hintId}
            onChange={(event) => onValueChange(event.target.value || undefined)}
          >
            <option value="">Any work role</option>
            {value && !chosen ? <option value={value}>{value}</option> : null}
            {optionGroups(roles).map((group) => (
              <optgroup key={group.label} label={group.label}>
                {group.roles.map((role) => (
                  <option key={role.id} value={role.id}>
                    {role.name} ({role.id})
                  </option>
                ))}
              </optgroup>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Text id={hintId} color="fg.muted" textStyle="xs">
          {query.isError
            ? 'The work roles could not be loaded.'
            : query.isPending
              ? 'Loading the work roles…'
              : 'Courseware mapped to the role’s NICE statements, most covered first.'}
        </Text>
      </Field.Root>
    </Stack>
  );
}

export default WorkRolePicker;
