import { defineConfig } from '@chakra-ui/react';
import {
  animationStyles,
  avatarSlotRecipe,
  breadcrumbSlotRecipe,
  buttonRecipe,
  containerRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  headingRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  semanticTokens,
  separatorRecipe,
  skipNavLinkRecipe,
  spinnerRecipe,
  textStyles,
  tokens,
} from '@chakra-ui/react/theme';

/**
 * Chakra's default theme with only the component recipes needed at once, so the
 * other ~80 recipes stay out of the bundle. The recipes of `on-demand-recipes.ts`
 * (dialogs, menus, tables, tabs, form fields, cards, tags, …) are registered by the
 * modules that use them (issue 22 item 3, decision record 040). A Chakra component
 * whose recipe is in neither list renders unstyled: add its recipe (from
 * `@chakra-ui/react/theme`) to `ON_DEMAND_RECIPES` when you start using a new Chakra
 * component, or here when Chakra renders it without the app importing it by name or
 * the app reads it by key (`useRecipe`, `useSlotRecipe`).
 */
export const chakraThemeConfig = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    keyframes,
    tokens,
    semanticTokens,
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      button: buttonRecipe,
      container: containerRecipe,
      heading: headingRecipe,
      // Read by key: the search box styles its native input with `useRecipe({ key: 'input' })`.
      input: inputRecipe,
      link: linkRecipe,
      separator: separatorRecipe,
      skipNavLink: skipNavLinkRecipe,
      // Also rendered by Chakra itself, inside a Button that is loading.
      spinner: spinnerRecipe,
    },
    slotRecipes: {
      // Read by key: `ImageAvatar` (components/ui) styles itself with `useSlotRecipe({ key: 'avatar' })`.
      avatar: avatarSlotRecipe,
      breadcrumb: breadcrumbSlotRecipe,
    },
  },
});
