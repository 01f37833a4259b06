import { Box, Button, Collapsible, Heading, List, Stack, Text } from '@chakra-ui/react';
import { ChevronDownIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import type { KnowledgeRef, KuOutcomes } from '#shared/contracts/content';
import { KNOWLEDGE_TYPE_LABELS, type KnowledgeType } from '#shared/enums';
import { useKnowledgeUnits } from '../api/get-ku-outcomes.ts';

/**
 * The outcomes of the item's KUs it addresses (issue 27 item 4), listed under each KU
 * once the KU list is open: the outcome texts when the KUs have loaded, else their
 * numbers (counting from 1).
 */
function useAddressedOutcomes(marks: readonly KuOutcomes[]) {
  const units = useKnowledgeUnits(marks.map((mark) => mark.kuId));
  return new Map(
    marks.map((mark) => {
      const texts = units.data?.find((unit) => unit.id === mark.kuId)?.outcomes ?? [];
      return [
        mark.kuId,
        <List.Root key={mark.kuId} as="ul" ps="5" mt="1" gap="1" aria-label={`Outcomes of ${mark.kuId} addressed`}>
          {mark.outcomes.map((index) => (
            <List.Item key={index} fontSize="sm">
              {texts[index] ?? `Outcome ${index + 1}`}
            </List.Item>
          ))}
        </List.Root>,
      ] as const;
    }),
  );
}

function KnowledgeDisclosure({
  type,
  items,
  kuOutcomes = [],
}: {
  type: KnowledgeType;
  items: readonly KnowledgeRef[];
  kuOutcomes?: readonly KuOutcomes[] | undefined;
}) {
  const sorted = [...items].sort((a, b) => a.index - b.index);
  const marks = type === 'KU' ? kuOutcomes.filter((mark) => mark.outcomes.length > 0) : [];
  return (
    <Collapsible.Root borderWidth="1px" borderRadius="l2">
      <Collapsible.Trigger asChild>
        <Button
          variant="ghost"
          width="full"
          justifyContent="space-between"
          fontWeight="semibold"
          css={{ '&[data-state=open] .chevron': { transform: 'rotate(180deg)' } }}
        >
          {`${KNOWLEDGE_TYPE_LABELS[type]} (${items.length})`}
          <ChevronDownIcon className="chevron" aria-hidden="true" style={{ transition: 'transform 0.2s' }} />
        </Button>
      </Collapsible.Trigger>
      <Collapsible.Content>
        <KnowledgeItems type={type} items={sorted} marks={marks} />
      </Collapsible.Content>
    </Collapsible.Root>
  );
}

function KnowledgeItems({
  type,
  items,
  marks,
}: {
  type: KnowledgeType;
  items: readonly KnowledgeRef[];
  marks: readonly KuOutcomes[];
}) {
  return (
    <List.Root as="ul" gap="2" px="4" pb="4" pt="1" listStyleType="none" aria-label={KNOWLEDGE_TYPE_LABELS[type]}>
      {marks.length > 0 ? (
        <MarkedItems type={type} items={items} marks={marks} />
      ) : (
        <PlainItems type={type} items={items} />
      )}
    </List.Root>
  );
}

function KnowledgeItem({ item, children }: { item: KnowledgeRef; children?: ReactNode }) {
  return (
    <List.Item display="block">
      <Text as="span" fontFamily="mono" fontWeight="semibold" me="2">
        {item.id}
      </Text>
      {item.name}
      {children}
    </List.Item>
  );
}

function PlainItems({ type, items }: { type: KnowledgeType; items: readonly KnowledgeRef[] }) {
  return items.map((item) => <KnowledgeItem key={`${type}-${item.id}`} item={item} />);
}

function MarkedItems({
  type,
  items,
  marks,
}: {
  type: KnowledgeType;
  items: readonly KnowledgeRef[];
  marks: readonly KuOutcomes[];
}) {
  const outcomes = useAddressedOutcomes(marks);
  return items.map((item) => (
    <KnowledgeItem key={`${type}-${item.id}`} item={item}>
      {outcomes.has(item.id) ? (
        <Text as="span" display="block" fontSize="sm" color="fg.muted" mt="1">
          Outcomes addressed:
        </Text>
      ) : null}
      {outcomes.get(item.id)}
    </KnowledgeItem>
  ));
}

/**
 * Expandable TKS, KSA and KU lists (spec §2.6), each a disclosure button with its
 * count; under each KU, the outcomes the item addresses (`kuOutcomes`, issue 27 item 4).
 */
export function KnowledgeLists({
  tkss,
  ksas,
  kus,
  kuOutcomes,
}: {
  tkss: readonly KnowledgeRef[];
  ksas: readonly KnowledgeRef[];
  kus: readonly KnowledgeRef[];
  kuOutcomes?: readonly KuOutcomes[] | undefined;
}) {
  const lists = (
    [
      ['TKS', tkss],
      ['KSA', ksas],
      ['KU', kus],
    ] as const
  ).filter(([, items]) => items.length > 0);
  if (lists.length === 0) return null;
  return (
    <Box as="section" aria-labelledby="knowledge-heading">
      <Heading as="h2" id="knowledge-heading" size="lg" mb="3">
        Knowledge, skills and tasks
      </Heading>
      <Stack gap="2">
        {lists.map(([type, items]) => (
          <KnowledgeDisclosure key={type} type={type} items={items} kuOutcomes={kuOutcomes} />
        ))}
      </Stack>
    </Box>
  );
}
