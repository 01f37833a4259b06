import { type ComponentType, createContext, type ReactNode, useContext } from 'react';
import type { FacetCount } from '#shared/contracts/search';
import type { KnowledgeType } from '#shared/enums';

/** Props of a picker of one search filter's values (spec §3 "Search filter"). */
export interface FilterPickerProps {
  readonly value: readonly string[];
  readonly onValueChange: (value: string[]) => void;
  /** Facet counts of the current result for this filter. */
  readonly counts?: readonly FacetCount[] | undefined;
}

/** Props of the knowledge picker: a {@link FilterPickerProps} for one knowledge type. */
export interface KnowledgeFilterPickerProps extends FilterPickerProps {
  readonly type: KnowledgeType;
}

/** Props of the work-role picker (issue 27 item 1): one role id (`workRole=`), or undefined for none. */
export interface WorkRoleFilterPickerProps {
  readonly value: string | undefined;
  readonly onValueChange: (value: string | undefined) => void;
}

/**
 * The pickers the filter panel shows for contributors, knowledge items and work roles. They
 * belong to the contributors and knowledge features, and features do not import
 * each other (STYLE.md), so the route composes them: `app/routes/courseware/list.tsx`
 * provides them with {@link FilterPickersProvider}.
 */
export interface FilterPickers {
  readonly ContributorPicker: ComponentType<FilterPickerProps>;
  readonly KnowledgePicker: ComponentType<KnowledgeFilterPickerProps>;
  /**
   * The work-role filter (the work-roles feature; issue 27 item 1): the active role as a
   * removable tag and a select; without it the panel shows the active role's id only.
   */
  readonly WorkRolePicker?: ComponentType<WorkRoleFilterPickerProps>;
}

const FilterPickersContext = createContext<FilterPickers | null>(null);

/** Provides the contributor and knowledge pickers to the courseware filter panel. */
export function FilterPickersProvider({ pickers, children }: { pickers: FilterPickers; children: ReactNode }) {
  return <FilterPickersContext.Provider value={pickers}>{children}</FilterPickersContext.Provider>;
}

/**
 * The pickers provided by the route.
 * @throws Error when no {@link FilterPickersProvider} is above the caller.
 */
export function useFilterPickers(): FilterPickers {
  const pickers = useContext(FilterPickersContext);
  if (!pickers) throw new Error('The courseware filter panel needs a FilterPickersProvider above it.');
  return pickers;
}
