import { Link, List } from '@chakra-ui/react';
import { useMemo } from 'react';
import { Link as ReactRouterLink } from 'react-router-dom';
import { type Contributor, contributorDisplayName } from '#shared/contracts/contributor';
import type { FacetCount } from '#shared/contracts/search';
import { MultiCombobox, useCountedOptions } from '../../../components/ui/multi-combobox.tsx';
import type { PickerOption } from '../../../components/ui/option-match.ts';
import { paths } from '../../../config/paths.ts';
import { useContributors } from '../api/get-contributors.ts';

/** Contributors as picker options: the picker name of spec §3, then title and school. */
export function contributorOptions(contributors: readonly Contributor[]): PickerOption[] {
  return contributors.map((contributor) => {
    const details = [contributor.title, contributor.school].filter(Boolean).join(', ');
    return {
      value: contributor.id,
      label: contributorDisplayName(contributor),
      ...(details ? { description: details } : {}),
    };
  });
}

/**
 * A searchable multi-select of contributors (spec §3 "Search filter"
 * `contributorIds`) over every contributor (`GET /api/v1/contributors`, 1000 per
 * page, spec §9), named prefix, first, middle, last and suffix (spec §3). Those the
 * current result has are listed first with their counts. Each chosen contributor
 * gets a link to their page below the picker (issue 24 item 6), outside the listbox,
 * so choosing stays what it was.
 */
export function ContributorPicker({
  value,
  onValueChange,
  counts,
}: {
  value: readonly string[];
  onValueChange: (value: string[]) => void;
  counts?: readonly FacetCount[] | undefined;
}) {
  const contributors = useContributors();
  const data = contributors.data;
  const base = useMemo(() => contributorOptions(data ?? []), [data]);
  const options = useCountedOptions(base, counts);
  const names = useMemo(() => new Map(base.map((option) => [option.value, option.label])), [base]);

  return (
    <>
      <MultiCombobox
        label="Contributors"
        options={options}
        value={value}
        onValueChange={onValueChange}
        chipText={(id) => names.get(id) ?? (contributors.isPending ? 'Loading…' : 'Unknown contributor')}
        hint="Type a name or a school."
        loading={contributors.isPending}
      />
      {value.length > 0 ? (
        <List.Root aria-label="Pages of the chosen contributors" listStyleType="none" ps="0" gap="1" fontSize="sm">
          {value.map((id) => (
            <List.Item key={id}>
              <Link asChild color="link" textDecoration="underline">
                <ReactRouterLink to={`${paths.contributors}/${encodeURIComponent(id)}`}>
                  {`${names.get(id) ?? 'Contributor'}'s page`}
                </ReactRouterLink>
              </Link>
            </List.Item>
          ))}
        </List.Root>
      ) : null}
    </>
  );
}
