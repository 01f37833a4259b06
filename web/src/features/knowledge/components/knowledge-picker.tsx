import { Box } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { isWithdrawnKnowledge, type Knowledge, knowledgeTextWithoutMark } from '#shared/contracts/knowledge';
import type { FacetCount } from '#shared/contracts/search';
import { KNOWLEDGE_TYPE_LABELS, type KnowledgeType } from '#shared/enums';
import { MultiCombobox, useCountedOptions } from '../../../components/ui/multi-combobox.tsx';
import type { PickerOption } from '../../../components/ui/option-match.ts';
import { useKnowledgeByIds, useKnowledgeOfType } from '../api/get-knowledge.ts';

const HINTS: Record<KnowledgeType, string> = {
  TKS: 'Type an id such as T1262 or K0018, or words of the statement.',
  KSA: 'Type an id such as K0070 or S0078, or words of the statement.',
  KU: 'Type an id such as CO-M.4, or words of the name.',
};

/** The label of a withdrawn statement in a picker and on its chip (issue 21 item 29). */
export const withdrawnLabel = (id: string) => `${id} (withdrawn)`;

/** Options with the withdrawn statements after the current ones, each part in its given order. */
function currentFirst<T extends PickerOption>(options: readonly T[], withdrawn: ReadonlySet<string>): T[] {
  return [
    ...options.filter((option) => !withdrawn.has(option.value)),
    ...options.filter((option) => withdrawn.has(option.value)),
  ];
}

/**
 * The knowledge items of one type as picker options: the id, then the statement or
 * name. A withdrawn statement (`isWithdrawnKnowledge`, such as K0085) is labelled
 * "K0085 (withdrawn)" and listed after every current one (issue 21 item 29).
 */
export function knowledgeOptions(items: readonly Knowledge[], type: KnowledgeType): PickerOption[] {
  const ofType = items.filter((item) => item.type === type);
  const withdrawn = new Set(ofType.filter(isWithdrawnKnowledge).map((item) => item.id));
  return currentFirst(
    ofType.map((item) =>
      withdrawn.has(item.id)
        ? { value: item.id, label: withdrawnLabel(item.id), description: knowledgeTextWithoutMark(item) }
        : { value: item.id, label: item.id, description: item.name },
    ),
    withdrawn,
  );
}

/**
 * A searchable multi-select of TKS statements, KSA statements or knowledge units
 * (spec §3 "Search filter" `tksIds`, `ksaIds`, `kuIds`) over the knowledge list of
 * its type (thousands of items): found by id ("K0018", "CO-M.4") or by words of the
 * text; items the current result has are listed first with their counts; chosen
 * items are chips ("Remove K0018"). Withdrawn statements are marked and come last.
 *
 * Nothing large loads with the page (issue 22 item 1): the type's list is fetched
 * when the reader reaches the picker (focus or pointer on it), unless it is stored
 * from an earlier visit; until then the chips of chosen ids get their names from
 * `names` (the editor passes the saved item's own) and, for the others (a filter
 * address such as `?kus=CO-M.9`), from one small request for those ids.
 */
export function KnowledgePicker({
  type,
  value,
  onValueChange,
  counts,
  names: givenNames,
}: {
  type: KnowledgeType;
  value: readonly string[];
  onValueChange: (value: string[]) => void;
  /** Facet counts of the current result for this type. */
  counts?: readonly FacetCount[] | undefined;
  /** Names known already, id → name (a content item's own `KnowledgeRef`s). */
  names?: ReadonlyMap<string, string> | undefined;
}) {
  const [reached, setReached] = useState(false);
  const reach = () => {
    if (!reached) setReached(true);
  };
  const knowledge = useKnowledgeOfType({ type, enabled: reached });
  const items = knowledge.data;
  const unnamed = useMemo(() => value.filter((id) => !givenNames?.has(id)), [value, givenNames]);
  const chosen = useKnowledgeByIds({ type, ids: unnamed, enabled: items === undefined });
  const base = useMemo(() => knowledgeOptions(items ?? [], type), [items, type]);
  const known = useMemo(
    () => [
      ...[...(givenNames ?? [])].map(([id, name]) => ({ id, type, name })),
      ...(chosen.data ?? []),
      ...(items ?? []),
    ],
    [givenNames, chosen.data, items, type],
  );
  const withdrawn = useMemo(
    () => new Set(known.filter((item) => item.type === type && isWithdrawnKnowledge(item)).map((item) => item.id)),
    [known, type],
  );
  const counted = useCountedOptions(base, counts);
  // Counts put what narrows the search first; withdrawn statements still come after current ones.
  const options = useMemo(() => currentFirst(counted, withdrawn), [counted, withdrawn]);
  const names = useMemo(
    () =>
      new Map(known.map((item) => [item.id, isWithdrawnKnowledge(item) ? knowledgeTextWithoutMark(item) : item.name])),
    [known],
  );

  return (
    <Box onFocus={reach} onPointerDown={reach}>
      <MultiCombobox
        label={KNOWLEDGE_TYPE_LABELS[type]}
        options={options}
        value={value}
        onValueChange={onValueChange}
        chipText={(id) => (withdrawn.has(id) ? withdrawnLabel(id) : id)}
        chipTitle={(id) => names.get(id)}
        hint={HINTS[type]}
        loading={reached && items === undefined && knowledge.isFetching}
      />
    </Box>
  );
}
