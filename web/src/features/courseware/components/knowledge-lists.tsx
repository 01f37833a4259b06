import { Box, Button, Collapsible, Heading, List, Stack, Text } from '@chakra-ui/react';
import { ChevronDownIcon } from 'lucide-react';
import type { KnowledgeRef } from '#shared/contracts/content';
import { KNOWLEDGE_TYPE_LABELS, type KnowledgeType } from '#shared/enums';

function KnowledgeDisclosure({ type, items }: { type: KnowledgeType; items: readonly KnowledgeRef[] }) {
  const sorted = [...items].sort((a, b) => a.index - b.index);
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
        <List.Root as="ul" gap="2" px="4" pb="4" pt="1" listStyleType="none" aria-label={KNOWLEDGE_TYPE_LABELS[type]}>
          {sorted.map((item) => (
            <List.Item key={`${type}-${item.id}`} display="block">
              <Text as="span" fontFamily="mono" fontWeight="semibold" me="2">
                {item.id}
              </Text>
              {item.name}
            </List.Item>
          ))}
        </List.Root>
      </Collapsible.Content>
    </Collapsible.Root>
  );
}

/** Expandable TKS, KSA and KU lists (spec §2.6), each a disclosure button with its count. */
export function KnowledgeLists({
  tkss,
  ksas,
  kus,
}: {
  tkss: readonly KnowledgeRef[];
  ksas: readonly KnowledgeRef[];
  kus: readonly KnowledgeRef[];
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
          <KnowledgeDisclosure key={type} type={type} items={items} />
        ))}
      </Stack>
    </Box>
  );
}
