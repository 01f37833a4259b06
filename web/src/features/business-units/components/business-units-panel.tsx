import {
  Button,
  Field,
  HStack,
  Input,
  NativeSelect,
  SimpleGrid,
  Spinner,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@chakra-ui/react';
import { PlusIcon } from 'lucide-react';
import { type ReactNode, useMemo, useState } from 'react';
import { can } from '#shared/capabilities';
import {
  BUSINESS_UNIT_CATEGORIES,
  BUSINESS_UNIT_CATEGORY_LABELS,
  type BusinessUnit,
  type BusinessUnitCategory,
} from '#shared/contracts/administration';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { useDebouncedValue } from '../../../hooks/use-debounced-value.ts';
import { useSession } from '../../../lib/auth/session-store.ts';
import { useBusinessUnits } from '../api/list-business-units.ts';
import { BusinessUnitDialog } from './business-unit-dialog.tsx';
import { MergeDialog } from './merge-dialog.tsx';

type Opened =
  | { kind: 'edit'; unit: BusinessUnit | null; open: boolean }
  | { kind: 'merge'; unit: BusinessUnit; open: boolean };

/**
 * The Organizations tab of /admin (issue 11 item 1): business units in name order,
 * searched by name (from 2 characters), filtered by category and state, a page at a
 * time. With manageBusinessUnits: Add, and per row Edit and Merge.
 */
export function BusinessUnitsPanel() {
  const { principal } = useSession();
  const mayManage = can(principal, 'manageBusinessUnits');
  const [text, setText] = useState('');
  const [category, setCategory] = useState<BusinessUnitCategory | ''>('');
  const [stateText, setStateText] = useState('');
  const typed = useDebouncedValue(text.trim());
  const typedState = stateText.trim().toUpperCase();
  const filters = {
    q: typed.length >= 2 ? typed : undefined,
    category: category || undefined,
    state: /^[A-Z]{2}$/.test(typedState) ? typedState : undefined,
  };
  const units = useBusinessUnits(filters);
  const rows = useMemo(() => units.data?.pages.flatMap((page) => page.items) ?? [], [units.data]);
  const [opened, setOpened] = useState<Opened | null>(null);
  const filtered = Boolean(filters.q || filters.category || filters.state);
  const close = () => setOpened((current) => (current ? { ...current, open: false } : null));

  let body: ReactNode;
  if (units.isPending) {
    body = (
      <HStack role="status" gap="3" py="6">
        <Spinner size="sm" aria-hidden="true" />
        <Text>Loading business units…</Text>
      </HStack>
    );
  } else if (units.isError && rows.length === 0) {
    body = <LoadError title="The business units could not be loaded." onRetry={() => void units.refetch()} />;
  } else if (rows.length === 0) {
    body = <Text py="6">{filtered ? 'No business unit matches these filters.' : 'No business units yet.'}</Text>;
  } else {
    body = (
      <Table.ScrollArea borderWidth="1px" rounded="md">
        <Table.Root size="sm" aria-label="Business units" aria-busy={units.isFetching}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader scope="col">Name</Table.ColumnHeader>
              <Table.ColumnHeader scope="col">Category</Table.ColumnHeader>
              <Table.ColumnHeader scope="col">State</Table.ColumnHeader>
              <Table.ColumnHeader scope="col">Region</Table.ColumnHeader>
              <Table.ColumnHeader scope="col">Public</Table.ColumnHeader>
              <Table.ColumnHeader scope="col">Eligible brands</Table.ColumnHeader>
              {mayManage ? (
                <Table.ColumnHeader scope="col">
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.ColumnHeader>
              ) : null}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((unit) => (
              <Table.Row key={unit.id}>
                <Table.Cell>{unit.name}</Table.Cell>
                <Table.Cell>{BUSINESS_UNIT_CATEGORY_LABELS[unit.category]}</Table.Cell>
                <Table.Cell>{unit.state ?? '—'}</Table.Cell>
                <Table.Cell>{unit.region || '—'}</Table.Cell>
                <Table.Cell>{unit.public ? 'Yes' : 'No'}</Table.Cell>
                <Table.Cell>{unit.eligibleBrands.join(', ') || 'None'}</Table.Cell>
                {mayManage ? (
                  <Table.Cell>
                    <HStack gap="2" justify="flex-end">
                      <Button
                        size="xs"
                        variant="outline"
                        aria-label={`Edit ${unit.name}`}
                        onClick={() => setOpened({ kind: 'edit', unit, open: true })}
                      >
                        Edit
                      </Button>
                      <Button
                        size="xs"
                        variant="outline"
                        aria-label={`Merge ${unit.name}`}
                        onClick={() => setOpened({ kind: 'merge', unit, open: true })}
                      >
                        Merge
                      </Button>
                    </HStack>
                  </Table.Cell>
                ) : null}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    );
  }

  return (
    <Stack gap="4">
      <HStack justify="space-between" align="flex-end" wrap="wrap" gap="4">
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="4" flex="1" minW="0">
          <Field.Root>
            <Field.Label>Search business units</Field.Label>
            <Input type="search" autoComplete="off" value={text} onChange={(event) => setText(event.target.value)} />
            <Field.HelperText>At least 2 characters of the name.</Field.HelperText>
          </Field.Root>
          <Field.Root>
            <Field.Label>Category</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field
                value={category}
                onChange={(event) => setCategory(event.target.value as BusinessUnitCategory | '')}
              >
                <option value="">All categories</option>
                {BUSINESS_UNIT_CATEGORIES.map((value) => (
                  <option key={value} value={value}>
                    {BUSINESS_UNIT_CATEGORY_LABELS[value]}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Field.Root>
            <Field.Label>State</Field.Label>
            <Input
              autoComplete="off"
              maxLength={2}
              value={stateText}
              onChange={(event) => setStateText(event.target.value)}
            />
            <Field.HelperText>Two letters, such as VA.</Field.HelperText>
          </Field.Root>
        </SimpleGrid>
        {mayManage ? (
          <Button colorPalette="brand" onClick={() => setOpened({ kind: 'edit', unit: null, open: true })}>
            <PlusIcon aria-hidden="true" />
            Add business unit
          </Button>
        ) : null}
      </HStack>
      <Text srOnly aria-live="polite">
        {units.isPending || units.isFetching
          ? ''
          : `${rows.length} business units shown${units.hasNextPage ? ', more available' : ''}.`}
      </Text>
      {body}
      {units.hasNextPage ? (
        <div>
          <Button variant="outline" loading={units.isFetchingNextPage} onClick={() => void units.fetchNextPage()}>
            Load more business units
          </Button>
        </div>
      ) : null}
      {units.isError && rows.length > 0 ? (
        <LoadError title="More business units could not be loaded." onRetry={() => void units.fetchNextPage()} />
      ) : null}
      {opened?.kind === 'edit' ? (
        <BusinessUnitDialog key={opened.unit?.id ?? 'new'} unit={opened.unit} open={opened.open} onClose={close} />
      ) : null}
      {opened?.kind === 'merge' ? (
        <MergeDialog key={opened.unit.id} unit={opened.unit} open={opened.open} onClose={close} />
      ) : null}
    </Stack>
  );
}
