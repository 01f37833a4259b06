import { Box, Button, Checkbox, chakra, Heading, HStack, Span, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { ChevronDownIcon, ChevronUpIcon, FilterXIcon } from 'lucide-react';
import { type ReactNode, useId, useRef, useState } from 'react';
import type { FacetCount, SearchContentPage, SearchFacets } from '#shared/contracts/search';
import { type ArrayKey, activeFilterCount, type CoursewareSearch } from '#shared/courseware-search';
import {
  CONTENT_CATEGORIES,
  CONTENT_CATEGORY_LABELS,
  EDUCATION_LEVEL_LABELS,
  EDUCATION_LEVELS,
  EXPERIENCE_LEVEL_LABELS,
  EXPERIENCE_LEVELS,
} from '#shared/enums';
import { UPDATED_WITHIN_DAYS } from '#shared/limits';
import { useFilterPickers } from './filter-pickers.tsx';
import { tagIcon } from './tag-chips.tsx';

/** Tags listed before "Show all tags". */
export const TOP_TAGS = 15;

interface FacetOption {
  readonly value: string;
  readonly label: string;
  readonly count: number | undefined;
  readonly icon?: ReactNode;
}

function resultsText(count: number): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'result' : 'results'}`;
}

/**
 * A filter value as a checkbox: its label and, once the result is in, the number
 * of results it would give, shown "Lesson (12)" and named "Lesson, 12 results".
 * The name comes from a hidden text of its own: named through the visible label,
 * browsers would also read the hidden-from-view count "(12)".
 */
function FacetCheckbox({
  option,
  checked,
  onCheckedChange,
}: {
  option: Pick<FacetOption, 'label' | 'count' | 'icon'>;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}) {
  const nameId = useId();
  return (
    <Checkbox.Root
      checked={checked}
      onCheckedChange={(details) => onCheckedChange(details.checked === true)}
      size="sm"
      colorPalette="brand"
      alignItems="flex-start"
    >
      <Checkbox.HiddenInput aria-labelledby={nameId} />
      <Checkbox.Control mt="0.5" />
      <Checkbox.Label fontWeight="normal" display="inline-flex" alignItems="baseline" gap="1" flexWrap="wrap">
        {option.icon ? (
          <Box as="span" aria-hidden="true" alignSelf="center" color="fg.muted" css={{ '& svg': { boxSize: '3.5' } }}>
            {option.icon}
          </Box>
        ) : null}
        <span aria-hidden="true">
          {option.label}
          {option.count === undefined ? null : (
            <Span color="fg.muted" whiteSpace="nowrap">
              {' '}
              ({option.count.toLocaleString('en-US')})
            </Span>
          )}
        </span>
        <VisuallyHidden id={nameId}>
          {option.count === undefined ? option.label : `${option.label}, ${resultsText(option.count)}`}
        </VisuallyHidden>
      </Checkbox.Label>
    </Checkbox.Root>
  );
}

function FacetGroup({
  legend,
  options,
  chosen,
  onChange,
  footer,
}: {
  legend: string;
  options: readonly FacetOption[];
  chosen: readonly string[];
  onChange: (next: string[]) => void;
  footer?: ReactNode;
}) {
  return (
    <chakra.fieldset border="0" m="0" p="0" minW="0">
      <chakra.legend fontWeight="semibold" mb="2" p="0">
        {legend}
      </chakra.legend>
      <Stack gap="1.5">
        {options.map((option) => (
          <FacetCheckbox
            key={option.value}
            option={option}
            checked={chosen.includes(option.value)}
            onCheckedChange={(checked) =>
              onChange(checked ? [...chosen, option.value] : chosen.filter((value) => value !== option.value))
            }
          />
        ))}
      </Stack>
      {footer}
    </chakra.fieldset>
  );
}

function countsOf(facets: readonly FacetCount[] | undefined): (value: string) => number | undefined {
  if (!facets) return () => undefined;
  const map = new Map(facets.map((facet) => [facet.value.toLowerCase(), facet.count]));
  return (value) => map.get(value.toLowerCase()) ?? 0;
}

function enumOptions<T extends string>(
  values: readonly T[],
  labels: Record<T, string>,
  facets: readonly FacetCount[] | undefined,
): FacetOption[] {
  const count = countsOf(facets);
  return values.map((value) => ({ value, label: labels[value], count: count(value) }));
}

/**
 * The tags of the current result, most results first: the top 15, or all of them;
 * chosen tags are always listed, even without results.
 */
function tagOptions(facets: readonly FacetCount[] | undefined, chosen: readonly string[], all: boolean) {
  const listed = facets ?? [];
  const shown = all ? listed : listed.slice(0, TOP_TAGS);
  const options: FacetOption[] = shown.map((facet) => ({
    value: facet.value,
    label: facet.value,
    count: facet.count,
    icon: tagIcon(facet.value),
  }));
  const present = new Set(options.map((option) => option.value.toLowerCase()));
  const count = countsOf(facets);
  for (const tag of chosen) {
    if (!present.has(tag.toLowerCase())) {
      options.push({ value: tag, label: tag, count: facets ? count(tag) : undefined, icon: tagIcon(tag) });
    }
  }
  return { options, hidden: all ? 0 : Math.max(0, listed.length - TOP_TAGS) };
}

export interface FilterPanelProps {
  /** The panel's element id (the Filters button controls it). */
  id: string;
  search: CoursewareSearch;
  onSearchChange: (next: CoursewareSearch) => void;
  /** Facet counts of the current result; undefined while it loads. */
  facets: SearchFacets | undefined;
  /** Clears every filter (not the text). */
  onClearAll: () => void;
  /**
   * The KSA/TKS filter values the current result widened through the NICE crosswalk
   * (issue 27 item 5; decision record 079); undefined or empty when none.
   */
  expansions?: SearchContentPage['expansions'];
}

/** The generation a knowledge filter facet belongs to, as the expansion notice names it. */
const FACET_GENERATION = { ksaIds: 'NICE 2017', tksIds: 'v2.1.0' } as const;
const TWIN_GENERATION = { ksaIds: 'v2.1.0', tksIds: 'NICE 2017' } as const;

/**
 * The notice under the filters when a KSA or TKS filter value was widened to its twin
 * in the other NICE generation (issue 27 item 5): "Also showing courseware mapped to
 * the same statement in the other NICE generation: K0018 (NICE 2017) ↔ K0018 (v2.1.0)."
 * A status (polite), not an alert: it explains the results, nothing went wrong.
 */
export function expansionNotice(expansions: NonNullable<SearchContentPage['expansions']>): string {
  const pairs = expansions.map(
    (one) => `${one.id} (${FACET_GENERATION[one.facet]}) ↔ ${one.twinId} (${TWIN_GENERATION[one.facet]})`,
  );
  return `Also showing courseware mapped to the same statement in the other NICE generation: ${pairs.join(', ')}.`;
}

/**
 * The filters of the courseware search (spec §3 "Search filter", §2.5): new or
 * updated, categories, education and experience levels and tags as checkboxes
 * with the number of results each would give (the facets of the current result),
 * then contributors, the TKS, KSA and KU pickers and the work role (issue 27 item 1),
 * and a notice when a KSA/TKS value was widened through the NICE crosswalk (issue 27
 * item 5). Every change is a new search in the address. Loaded on demand: the landing view does not need it.
 */
export function FilterPanel({ id, search, onSearchChange, facets, onClearAll, expansions }: FilterPanelProps) {
  const { ContributorPicker, KnowledgePicker, WorkRolePicker } = useFilterPickers();
  const [allTags, setAllTags] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const set = (key: ArrayKey) => (next: string[]) => onSearchChange({ ...search, [key]: next });
  const tags = tagOptions(facets?.tags, search.tag, allTags);
  const active = activeFilterCount(search);
  const tagsId = `${id}-tags`;

  return (
    <Stack as="section" id={id} aria-labelledby={`${id}-heading`} gap="6" minW="0">
      <HStack justify="space-between" align="center" wrap="wrap" gap="2">
        <Heading as="h2" id={`${id}-heading`} ref={headingRef} tabIndex={-1} size="lg" outline="none">
          Filters
        </Heading>
        {active > 0 ? (
          <Button
            size="sm"
            variant="outline"
            onClick={() => {
              // The button goes with the filters; the panel's heading keeps the reader's place.
              headingRef.current?.focus();
              onClearAll();
            }}
          >
            <FilterXIcon aria-hidden="true" />
            Clear all filters
          </Button>
        ) : null}
      </HStack>

      {WorkRolePicker ? (
        <WorkRolePicker
          value={search.workRole || undefined}
          onValueChange={(role) => {
            const { workRole: _dropped, ...rest } = search;
            onSearchChange(role ? { ...rest, workRole: role } : rest);
          }}
        />
      ) : search.workRole ? (
        <Text>Work role: {search.workRole}</Text>
      ) : null}

      <chakra.fieldset border="0" m="0" p="0" minW="0">
        <chakra.legend fontWeight="semibold" mb="2" p="0">
          Recent changes
        </chakra.legend>
        <FacetCheckbox
          option={{ label: `New or updated (last ${UPDATED_WITHIN_DAYS} days)`, count: facets?.newOrUpdatedContent }}
          checked={search.new}
          onCheckedChange={(checked) => onSearchChange({ ...search, new: checked })}
        />
      </chakra.fieldset>

      <FacetGroup
        legend="Category"
        options={enumOptions(CONTENT_CATEGORIES, CONTENT_CATEGORY_LABELS, facets?.contentCategories)}
        chosen={search.cat}
        onChange={set('cat')}
      />
      <FacetGroup
        legend="Education level"
        options={enumOptions(EDUCATION_LEVELS, EDUCATION_LEVEL_LABELS, facets?.educationLevels)}
        chosen={search.edu}
        onChange={set('edu')}
      />
      <FacetGroup
        legend="Experience level"
        options={enumOptions(EXPERIENCE_LEVELS, EXPERIENCE_LEVEL_LABELS, facets?.experienceLevels)}
        chosen={search.exp}
        onChange={set('exp')}
      />
      <Box id={tagsId}>
        <FacetGroup
          legend="Tags"
          options={tags.options}
          chosen={search.tag}
          onChange={set('tag')}
          footer={
            <>
              {facets === undefined && tags.options.length === 0 ? (
                <Text color="fg.muted" textStyle="sm">
                  Loading tags…
                </Text>
              ) : null}
              {facets !== undefined && facets.tags.length === 0 && tags.options.length === 0 ? (
                <Text color="fg.muted" textStyle="sm">
                  No tags in these results.
                </Text>
              ) : null}
              {tags.hidden > 0 || allTags ? (
                <Button
                  size="xs"
                  variant="ghost"
                  mt="2"
                  aria-expanded={allTags}
                  aria-controls={tagsId}
                  onClick={() => setAllTags((shown) => !shown)}
                >
                  {allTags ? <ChevronUpIcon aria-hidden="true" /> : <ChevronDownIcon aria-hidden="true" />}
                  {allTags
                    ? 'Show fewer tags'
                    : `Show all tags (${(facets?.tags.length ?? 0).toLocaleString('en-US')})`}
                </Button>
              ) : null}
            </>
          }
        />
      </Box>

      <ContributorPicker value={search.cid} onValueChange={set('cid')} counts={facets?.contributorIds} />

      <Stack as="section" aria-labelledby={`${id}-knowledge`} gap="4">
        <Heading as="h3" id={`${id}-knowledge`} size="md">
          Knowledge
        </Heading>
        <KnowledgePicker type="TKS" value={search.tkss} onValueChange={set('tkss')} counts={facets?.tksIds} />
        <KnowledgePicker type="KSA" value={search.ksas} onValueChange={set('ksas')} counts={facets?.ksaIds} />
        <KnowledgePicker type="KU" value={search.kus} onValueChange={set('kus')} counts={facets?.kuIds} />
      </Stack>
      <Text role="status" color="fg.muted" textStyle="sm">
        {expansions && expansions.length > 0 ? expansionNotice(expansions) : null}
      </Text>
    </Stack>
  );
}

export default FilterPanel;
