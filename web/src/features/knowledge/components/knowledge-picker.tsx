import { useMemo } from 'react';
import type { Knowledge } from '#shared/contracts/knowledge';
import type { FacetCount } from '#shared/contracts/search';
import { KNOWLEDGE_TYPE_LABELS, type KnowledgeType } from '#shared/enums';
import { MultiCombobox, useCountedOptions } from '../../../components/ui/multi-combobox.tsx';
import type { PickerOption } from '../../../components/ui/option-match.ts';
import { useKnowledge } from '../api/get-knowledge.ts';

const HINTS: Record<KnowledgeType, string> = {
  TKS: 'Type an id such as T1262 or K0018, or words of the statement.',
  KSA: 'Type an id such as K0070 or S0078, or words of the statement.',
  KU: 'Type an id such as CO-M.4, or words of the name.',
};

/** The knowledge items of one type as picker options: the id, then the statement or name. */
export function knowledgeOptions(items: readonly Knowledge[], type: KnowledgeType): PickerOption[] {
  return items
    .filter((item) => item.type === type)
    .map((item) => ({ value: item.id, label: item.id, description: item.name }));
}

/**
 * A searchable multi-select of TKS statements, KSA statements or knowledge units
 * (spec §3 "Search filter" `tksIds`, `ksaIds`, `kuIds`) over the cached knowledge
 * list (thousands of items): found by id ("K0018", "CO-M.4") or by words of the
 * text; items the current result has are listed first with their counts; chosen
 * items are chips ("Remove K0018").
 */
export function KnowledgePicker({
  type,
  value,
  onValueChange,
  counts,
}: {
  type: KnowledgeType;
  value: readonly string[];
  onValueChange: (value: string[]) => void;
  /** Facet counts of the current result for this type. */
  counts?: readonly FacetCount[] | undefined;
}) {
  const knowledge = useKnowledge();
  const items = knowledge.data;
  const base = useMemo(() => knowledgeOptions(items ?? [], type), [items, type]);
  const options = useCountedOptions(base, counts);
  const names = useMemo(() => new Map(base.map((option) => [option.value, option.description])), [base]);

  return (
    <MultiCombobox
      label={KNOWLEDGE_TYPE_LABELS[type]}
      options={options}
      value={value}
      onValueChange={onValueChange}
      chipText={(id) => id}
      chipTitle={(id) => names.get(id)}
      hint={HINTS[type]}
      loading={knowledge.isPending}
    />
  );
}
