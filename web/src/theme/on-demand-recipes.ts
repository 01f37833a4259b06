/**
 * Chakra recipes registered on demand, not up front (issue 22 item 3; decision
 * record 040). The build (`chakraRecipesOnDemand` in `web/vite.config.ts`) puts an
 * import of a small registration module (`registerRecipe` of `system.ts`) into every
 * module of `src/` that imports one of the recipe's components from
 * `@chakra-ui/react`: the recipe so travels with the code that renders its component
 * and is registered before that code runs (an ES module's imports are evaluated
 * before its body). Recipes that Chakra renders without the app naming the component
 * (a Button's loading Spinner), that the app reads by key (`useRecipe`,
 * `useSlotRecipe`: input, avatar) or that a brand overrides stay up front in
 * `chakra-base.ts`. Unit tests register all of these at once (`testing/setup.ts`).
 *
 * Pure data (no imports), so the Vite config can read it too.
 */
export interface OnDemandRecipe {
  /** The recipe's key in the theme (`theme.recipes` or `theme.slotRecipes`). */
  readonly key: string;
  /** Where the theme keeps it. */
  readonly kind: 'recipes' | 'slotRecipes';
  /** Its export of `@chakra-ui/react/theme`. */
  readonly exportName: string;
  /** Its module in Chakra's `dist/esm/theme/recipes/`, without `.js`. */
  readonly file: string;
  /** Names imported from `@chakra-ui/react` that render with it. */
  readonly components: RegExp;
}

export const ON_DEMAND_RECIPES: readonly OnDemandRecipe[] = [
  { key: 'alert', kind: 'slotRecipes', exportName: 'alertSlotRecipe', file: 'alert', components: /^(use)?Alert/ },
  { key: 'badge', kind: 'recipes', exportName: 'badgeRecipe', file: 'badge', components: /^Badge/ },
  { key: 'card', kind: 'slotRecipes', exportName: 'cardSlotRecipe', file: 'card', components: /^(use)?Card/ },
  {
    key: 'checkbox',
    kind: 'slotRecipes',
    exportName: 'checkboxSlotRecipe',
    file: 'checkbox',
    components: /^(use)?Checkbox/,
  },
  {
    key: 'collapsible',
    kind: 'slotRecipes',
    exportName: 'collapsibleSlotRecipe',
    file: 'collapsible',
    components: /^(use)?Collapsible/,
  },
  {
    key: 'combobox',
    kind: 'slotRecipes',
    exportName: 'comboboxSlotRecipe',
    file: 'combobox',
    components: /^(use)?Combobox/,
  },
  { key: 'dialog', kind: 'slotRecipes', exportName: 'dialogSlotRecipe', file: 'dialog', components: /^(use)?Dialog/ },
  {
    key: 'field',
    kind: 'slotRecipes',
    exportName: 'fieldSlotRecipe',
    file: 'field',
    components: /^(use)?Field(?!set)/,
  },
  {
    key: 'fieldset',
    kind: 'slotRecipes',
    exportName: 'fieldsetSlotRecipe',
    file: 'fieldset',
    components: /^(use)?Fieldset/,
  },
  { key: 'list', kind: 'slotRecipes', exportName: 'listSlotRecipe', file: 'list', components: /^List/ },
  { key: 'menu', kind: 'slotRecipes', exportName: 'menuSlotRecipe', file: 'menu', components: /^(use)?Menu/ },
  {
    key: 'nativeSelect',
    kind: 'slotRecipes',
    exportName: 'nativeSelectSlotRecipe',
    file: 'native-select',
    components: /^(use)?NativeSelect/,
  },
  {
    key: 'progress',
    kind: 'slotRecipes',
    exportName: 'progressSlotRecipe',
    file: 'progress',
    components: /^(use)?Progress/,
  },
  { key: 'skeleton', kind: 'recipes', exportName: 'skeletonRecipe', file: 'skeleton', components: /^Skeleton/ },
  { key: 'table', kind: 'slotRecipes', exportName: 'tableSlotRecipe', file: 'table', components: /^(use)?Table/ },
  { key: 'tabs', kind: 'slotRecipes', exportName: 'tabsSlotRecipe', file: 'tabs', components: /^(use)?Tabs/ },
  { key: 'tag', kind: 'slotRecipes', exportName: 'tagSlotRecipe', file: 'tag', components: /^(use)?Tag/ },
  { key: 'textarea', kind: 'recipes', exportName: 'textareaRecipe', file: 'textarea', components: /^Textarea/ },
];

/**
 * The on-demand recipes a module's source needs: those whose components it imports
 * by name from `@chakra-ui/react` (`import { Dialog, type DialogRootProps } from …`,
 * over one or more lines). Type-only names count too (harmless: one registration).
 */
export function onDemandRecipesImportedBy(source: string): OnDemandRecipe[] {
  const names: string[] = [];
  for (const match of source.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*['"]@chakra-ui\/react['"]/g)) {
    for (const specifier of (match[1] ?? '').split(',')) {
      const name = specifier
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)[0];
      if (name) names.push(name);
    }
  }
  return ON_DEMAND_RECIPES.filter((recipe) => names.some((name) => recipe.components.test(name)));
}
