import { Button, Field, HStack, Input, NativeSelect, SimpleGrid, Stack, VisuallyHidden } from '@chakra-ui/react';
import { PlusIcon } from 'lucide-react';
import { useMemo, useState } from 'react';
import { can } from '#shared/capabilities';
import {
  BUSINESS_UNIT_CATEGORIES,
  BUSINESS_UNIT_CATEGORY_LABELS,
  type BusinessUnit,
  type BusinessUnitCategory,
} from '#shared/contracts/administration';
import {
  DataTable,
  type DataTableColumn,
  dataTableColumns,
  serverTableState,
} from '../../../components/ui/data-table.tsx';
import { useDebouncedValue } from '../../../hooks/use-debounced-value.ts';
import { usePagedItems } from '../../../hooks/use-paged-items.ts';
import { useSession } from '../../../lib/auth/session-store.ts';
import { useBusinessUnits } from '../api/list-business-units.ts';
import { BusinessUnitDialog } from './business-unit-dialog.tsx';
import { MergeDialog } from './merge-dialog.tsx';

const col = dataTableColumns<BusinessUnit>();

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
  const rows = usePagedItems(units.data);
  const [opened, setOpened] = useState<Opened | null>(null);
  const filtered = Boolean(filters.q || filters.category || filters.state);
  const close = () => setOpened((current) => (current ? { ...current, open: false } : null));

  const columns = useMemo(() => {
    const list: DataTableColumn<BusinessUnit>[] = [
      col.accessor('name', { header: 'Name' }),
      col.accessor((unit) => BUSINESS_UNIT_CATEGORY_LABELS[unit.category], { id: 'category', header: 'Category' }),
      col.accessor((unit) => unit.state ?? '—', { id: 'state', header: 'State' }),
      col.accessor((unit) => unit.region || '—', { id: 'region', header: 'Region' }),
      col.accessor((unit) => (unit.public ? 'Yes' : 'No'), { id: 'public', header: 'Public' }),
      col.accessor((unit) => unit.eligibleBrands.join(', ') || 'None', {
        id: 'eligibleBrands',
        header: 'Eligible brands',
      }),
    ];
    if (!mayManage) return list;
    return [
      ...list,
      col.display({
        id: 'actions',
        header: () => <VisuallyHidden>Actions</VisuallyHidden>,
        cell: ({ row: { original: unit } }) => (
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
        ),
      }),
    ];
  }, [mayManage]);

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
      <DataTable
        label="Business units"
        columns={columns}
        data={rows}
        getRowId={(unit) => unit.id}
        busy={units.isFetching}
        empty={filtered ? 'No business unit matches these filters.' : 'No business units yet.'}
        {...serverTableState(units, rows.length, {
          loading: 'Loading business units…',
          failed: 'The business units could not be loaded.',
          moreFailed: 'More business units could not be loaded.',
          loadMore: 'Load more business units',
          countNoun: 'business units',
        })}
      />
      {opened?.kind === 'edit' ? (
        <BusinessUnitDialog key={opened.unit?.id ?? 'new'} unit={opened.unit} open={opened.open} onClose={close} />
      ) : null}
      {opened?.kind === 'merge' ? (
        <MergeDialog key={opened.unit.id} unit={opened.unit} open={opened.open} onClose={close} />
      ) : null}
    </Stack>
  );
}
