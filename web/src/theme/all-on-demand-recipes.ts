import * as chakraTheme from '@chakra-ui/react/theme';
import { ON_DEMAND_RECIPES } from './on-demand-recipes.ts';
import { type LateRecipe, registerRecipe } from './system.ts';

/**
 * Registers every recipe of `ON_DEMAND_RECIPES` at once, for code that imports the
 * app's modules without the Vite build's `chakraRecipesOnDemand` plugin (unit tests;
 * a server-side render run from source). Never import it from the SPA: it puts every
 * on-demand recipe back into the first render (issue 22 item 3, decision record 040).
 */
export function registerAllOnDemandRecipes(): void {
  for (const { key, kind, exportName } of ON_DEMAND_RECIPES) {
    registerRecipe(key, { kind, recipe: (chakraTheme as Record<string, unknown>)[exportName] } as LateRecipe);
  }
}
