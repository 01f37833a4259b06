import type { SectionWidget, WidgetKind } from '#shared/contracts/page';

/** How many columns a run of grid widgets has on a wide screen (spec §2.14). */
export type WidgetColumns = 1 | 2 | 3;

/**
 * The widget grid rule of spec §2.14: one widget takes the full width, two or four
 * widgets sit in two columns, any other count in three. Narrow screens always show
 * one column (the grid's responsive `base`); this is the column count from `md` up.
 * A count of 0 answers 1.
 */
export function widgetColumns(count: number): WidgetColumns {
  if (count === 2 || count === 4) return 2;
  if (count <= 1) return 1;
  return 3;
}

/**
 * Kinds that always take a whole row of their own rather than a grid cell: a
 * heading titles what follows it, a cover image is a banner, and call-to-action
 * buttons close the block above them (consecutive ones share one row). Without this
 * a section of "heading, text, button" — the seeded pages' shape — would be cut into
 * three columns.
 */
export const FULL_ROW_KINDS: ReadonlySet<WidgetKind> = new Set(['heading', 'coverImage', 'callToAction']);

/** One row of a section: a full-width widget, a row of call-to-action buttons, or a grid of widgets. */
export type WidgetRow =
  | { readonly type: 'full'; readonly widgets: readonly SectionWidget[] }
  | { readonly type: 'actions'; readonly widgets: readonly SectionWidget[] }
  | { readonly type: 'grid'; readonly widgets: readonly SectionWidget[]; readonly columns: WidgetColumns };

/**
 * A section's widgets, in order, cut into rows: each run of consecutive widgets of
 * other kinds is one grid laid out by {@link widgetColumns}; {@link FULL_ROW_KINDS}
 * sit between them (consecutive callToActions together in one row).
 */
export function widgetRows(widgets: readonly SectionWidget[]): WidgetRow[] {
  const rows: WidgetRow[] = [];
  let run: SectionWidget[] = [];
  let actions: SectionWidget[] = [];
  const flushRun = () => {
    if (run.length > 0) rows.push({ type: 'grid', widgets: run, columns: widgetColumns(run.length) });
    run = [];
  };
  const flushActions = () => {
    if (actions.length > 0) rows.push({ type: 'actions', widgets: actions });
    actions = [];
  };
  for (const widget of widgets) {
    if (widget.kind === 'callToAction') {
      flushRun();
      actions.push(widget);
    } else if (FULL_ROW_KINDS.has(widget.kind)) {
      flushRun();
      flushActions();
      rows.push({ type: 'full', widgets: [widget] });
    } else {
      flushActions();
      run.push(widget);
    }
  }
  flushRun();
  flushActions();
  return rows;
}
