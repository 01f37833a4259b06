import { chakra, HStack, Text } from '@chakra-ui/react';
import { useId } from 'react';
import type { SearchSort } from '#shared/contracts/search';
import { PER_PAGE_CHOICES } from '#shared/courseware-search';
import type { SearchViewControl } from '../hooks/use-courseware-search.ts';
import type { ResultPages } from './results-view.tsx';

/** The labels of the orders in the sort select (issue 24 item 3). */
export const SORT_LABELS: Readonly<Record<SearchSort, string>> = {
  relevance: 'Best match',
  newest: 'Newest',
  updated: 'Recently updated',
  downloads: 'Most downloaded',
  name: 'Name (A–Z)',
  rating: 'Highest rated',
};

/**
 * A plain native select in the theme's colours: the landing list shows it in its first
 * render, where Chakra's NativeSelect (its field machinery, about 7 KB gzip) would not
 * fit the first-render budget (decision record 062).
 */
const Select = chakra('select', {
  base: {
    height: '8',
    ps: '2',
    pe: '1',
    textStyle: 'sm',
    color: 'fg',
    bg: 'bg',
    borderWidth: '1px',
    borderColor: 'border',
    borderRadius: 'l2',
    cursor: 'pointer',
    focusVisibleRing: 'outside',
  },
});

function LabelledSelect({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <HStack gap="2">
      <Text asChild textStyle="sm">
        <label htmlFor={id}>{label}</label>
      </Text>
      <Select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
    </HStack>
  );
}

/**
 * How results are shown (issue 24 items 3 and 4): "Sort by" ("Best match" only with
 * text; the default order is left out of the address) and "Results per page", native
 * selects with visible labels. Shared by the search results and the landing list
 * (decision record 062).
 */
export function ResultsControls({ pages, control }: { pages: ResultPages; control: SearchViewControl }) {
  const sorts = (Object.keys(SORT_LABELS) as SearchSort[]).filter((sort) => pages.hasText || sort !== 'relevance');
  const defaultSort: SearchSort = pages.hasText ? 'relevance' : 'updated';
  return (
    <HStack gap="4" wrap="wrap">
      <LabelledSelect
        label="Sort by"
        value={pages.sort}
        options={sorts.map((sort) => ({ value: sort, label: SORT_LABELS[sort] }))}
        onChange={(value) => control.setSort(value === defaultSort ? undefined : (value as SearchSort))}
      />
      <LabelledSelect
        label="Results per page"
        value={String(pages.perPage)}
        options={PER_PAGE_CHOICES.map((choice) => ({ value: String(choice), label: String(choice) }))}
        onChange={(value) => control.setPerPage(Number(value))}
      />
    </HStack>
  );
}
