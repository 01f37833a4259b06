import { Stack, Tabs, Text } from '@chakra-ui/react';
import { useSearchParams } from 'react-router-dom';
import { groupNameKey, groupOfKey, type Page, type PageSection, pageGroups } from '#shared/contracts/page';
import { SectionView } from './section-view.tsx';

/** The query parameter that keeps the open group of a grouped list in the address, so a group can be linked to. */
export const GROUP_PARAM = 'group';

/** Sections by `index`, lowest first (the API sends them so; this keeps the view right regardless). */
export function sortedSections(sections: readonly PageSection[]): PageSection[] {
  return [...sections].sort((a, b) => a.index - b.index);
}

/** handSortedList (spec §2.14, the default layout): every section in index order. */
export function HandSortedList({ sections }: { sections: readonly PageSection[] }) {
  return (
    <Stack gap="12">
      {sortedSections(sections).map((section) => (
        <SectionView key={section.id} section={section} />
      ))}
    </Stack>
  );
}

/**
 * groupedList (spec §2.14): a tab per group (the layout parameters `group-<name>`,
 * in their order), each showing the sections whose `key` names that group, in index
 * order. Group names are compared case-insensitively (`groupOfKey`; issue 21 item
 * 16). The tabs follow the ARIA tabs pattern (left and right arrows, Home and End
 * move between them; the open group is kept in `?group=`, matched case-insensitively).
 * Sections that name no group come before the tabs. A group without sections is
 * shown only when `showEmptyGroups` (to editors, who fill it; issue 21 item 16), so a
 * visitor never opens an empty tab; with no groups to show the page is a plain list.
 */
export function GroupedList({ page, showEmptyGroups = false }: { page: Page; showEmptyGroups?: boolean }) {
  const allGroups = pageGroups(page.layout);
  const [search, setSearch] = useSearchParams();
  const sections = sortedSections(page.sections);
  const sectionsOf = (group: string) => sections.filter((section) => groupOfKey(allGroups, section.key) === group);
  const ungrouped = sections.filter((section) => groupOfKey(allGroups, section.key) === null);
  const groups = showEmptyGroups ? allGroups : allGroups.filter((group) => sectionsOf(group).length > 0);
  if (groups.length === 0) return <HandSortedList sections={sections} />;
  const requested = search.get(GROUP_PARAM);
  const open =
    (requested === null ? undefined : groups.find((group) => groupNameKey(group) === groupNameKey(requested))) ??
    groups[0] ??
    '';
  // Tab values are positions, not names: Zag builds element ids (and aria-labelledby) from them, and names may hold spaces.
  const tabValue = (group: string) => `group-${groups.indexOf(group)}`;
  const select = (value: string | null) => {
    const group = value === null ? undefined : groups[Number(value.slice('group-'.length))];
    if (group === undefined || group === open) return;
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(GROUP_PARAM, group);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  };
  return (
    <Stack gap="10">
      {ungrouped.length > 0 ? <HandSortedList sections={ungrouped} /> : null}
      <Tabs.Root
        value={tabValue(open)}
        onValueChange={({ value }) => select(value)}
        // Selection follows focus (automatic activation): the arrow keys, Home and End open the group they reach.
        onFocusChange={({ focusedValue }) => select(focusedValue)}
        activationMode="automatic"
        variant="line"
      >
        <Tabs.List aria-label={`${page.title} groups`} flexWrap="wrap">
          {groups.map((group) => (
            <Tabs.Trigger key={group} value={tabValue(group)}>
              {group}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {groups.map((group) => {
          const inGroup = sectionsOf(group);
          return (
            <Tabs.Content key={group} value={tabValue(group)} pt="8">
              {inGroup.length > 0 ? (
                <HandSortedList sections={inGroup} />
              ) : (
                <Text color="fg.muted">Nothing has been added to this group yet.</Text>
              )}
            </Tabs.Content>
          );
        })}
      </Tabs.Root>
    </Stack>
  );
}
