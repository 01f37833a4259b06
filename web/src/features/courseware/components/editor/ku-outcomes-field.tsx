import { Box, Checkbox, Fieldset, Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { Knowledge } from '#shared/contracts/knowledge';
import { LoadError } from '../../../../components/ui/load-error.tsx';
import { useKnowledgeUnits } from '../../api/get-ku-outcomes.ts';
import { type ContentDraft, draftFieldId } from './content-draft.ts';

/** Props of {@link KuOutcomesField}: the draft's KU ids and outcome marks, and how to change the marks. */
export interface KuOutcomesFieldProps {
  readonly kuIds: readonly string[];
  readonly value: ContentDraft['kuOutcomes'];
  readonly onValueChange: (value: ContentDraft['kuOutcomes']) => void;
  /** Names of KUs known already (the saved item's own), id → name, shown until the KUs load. */
  readonly names?: ReadonlyMap<string, string> | undefined;
  /** The field's error from the last save, if any. */
  readonly error?: string | undefined;
}

/**
 * Outcome mapping by editors (issue 27 item 4, decision record 081): under each KU
 * the item maps, a group of checkboxes "Outcomes this item addresses" listing the
 * KU's outcomes (fetched with the KUs), ticked for those marked. Loading, error (with
 * Retry) and "no outcomes" states; nothing when the item maps no KU.
 */
export function KuOutcomesField({ kuIds, value, onValueChange, names, error }: KuOutcomesFieldProps) {
  const units = useKnowledgeUnits(kuIds);
  if (kuIds.length === 0) return null;
  const byId = new Map((units.data ?? []).map((unit) => [unit.id, unit]));
  const toggle = (kuId: string, index: number, checked: boolean) => {
    const current = value[kuId] ?? [];
    const next = checked ? [...new Set([...current, index])].sort((a, b) => a - b) : current.filter((i) => i !== index);
    onValueChange({ ...value, [kuId]: next });
  };
  return (
    <Box id={draftFieldId('kuOutcomes')} tabIndex={-1} aria-labelledby="content-edit-ku-outcomes-heading">
      <Heading as="h3" id="content-edit-ku-outcomes-heading" size="md" mb="1">
        KU outcomes
      </Heading>
      <Text fontSize="sm" color="fg.muted" mb="3">
        Tick the learning outcomes of each knowledge unit that this item addresses. Coverage reports and the CAE
        worksheet list them.
      </Text>
      {error ? (
        <Text color="fg.error" fontSize="sm" role="alert" mb="2">
          {error}
        </Text>
      ) : null}
      {units.isPending ? (
        <Stack role="status" aria-label="Loading the outcomes of the knowledge units" gap="2">
          <Skeleton height="6" />
          <Skeleton height="6" />
        </Stack>
      ) : units.isError ? (
        <LoadError title="The outcomes of the knowledge units could not be loaded" onRetry={() => units.refetch()} />
      ) : (
        <Stack gap="4">
          {kuIds.map((kuId) => (
            <KuOutcomeGroup
              key={kuId}
              kuId={kuId}
              unit={byId.get(kuId)}
              name={byId.get(kuId)?.name ?? names?.get(kuId) ?? kuId}
              marked={value[kuId] ?? []}
              onToggle={(index, checked) => toggle(kuId, index, checked)}
            />
          ))}
        </Stack>
      )}
    </Box>
  );
}

function KuOutcomeGroup({
  kuId,
  unit,
  name,
  marked,
  onToggle,
}: {
  kuId: string;
  unit: Knowledge | undefined;
  name: string;
  marked: readonly number[];
  onToggle: (index: number, checked: boolean) => void;
}) {
  const outcomes = unit?.outcomes ?? [];
  return (
    <Fieldset.Root>
      <Fieldset.Legend fontWeight="semibold">
        Outcomes this item addresses: {kuId} {name}
      </Fieldset.Legend>
      {outcomes.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          {unit ? 'This knowledge unit lists no outcomes.' : 'This knowledge unit is not in the catalogue.'}
        </Text>
      ) : (
        <Stack gap="2" mt="1">
          {outcomes.map((text, index) => (
            <Checkbox.Root
              // biome-ignore lint/suspicious/noArrayIndexKey: an outcome is known by its position in the KU
              key={index}
              checked={marked.includes(index)}
              onCheckedChange={({ checked }) => onToggle(index, checked === true)}
              alignItems="flex-start"
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control mt="0.5" />
              <Checkbox.Label fontWeight="normal">{text}</Checkbox.Label>
            </Checkbox.Root>
          ))}
        </Stack>
      )}
    </Fieldset.Root>
  );
}
