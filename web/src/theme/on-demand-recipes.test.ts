import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as chakraTheme from '@chakra-ui/react/theme';
import { describe, expect, it } from 'vitest';
import { chakraThemeConfig } from './chakra-base.ts';
import { ON_DEMAND_RECIPES, onDemandRecipesImportedBy } from './on-demand-recipes.ts';

const recipesDir = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@chakra-ui/react/package.json')),
  'dist/esm/theme/recipes',
);

describe('ON_DEMAND_RECIPES', () => {
  it('names, for each key, the Chakra recipe of that key and the module that exports it', () => {
    for (const { key, exportName, file } of ON_DEMAND_RECIPES) {
      const recipe = (chakraTheme as unknown as Record<string, { className?: string } | undefined>)[exportName];
      const kebab = key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
      expect(recipe?.className, exportName).toMatch(new RegExp(`^(chakra-)?${kebab}$`));
      expect(readFileSync(path.join(recipesDir, `${file}.js`), 'utf8'), file).toMatch(
        new RegExp(`export \\{[^}]*\\b${exportName}\\b`),
      );
    }
  });

  it('holds none of the recipes registered up front', () => {
    const upFront = [
      ...Object.keys(chakraThemeConfig.theme?.recipes ?? {}),
      ...Object.keys(chakraThemeConfig.theme?.slotRecipes ?? {}),
    ];
    expect(ON_DEMAND_RECIPES.map((recipe) => recipe.key).filter((key) => upFront.includes(key))).toEqual([]);
  });
});

describe('onDemandRecipesImportedBy', () => {
  it('finds the recipes of components imported by name, over lines, with types and aliases', () => {
    const source = [
      "import { Box, Dialog, type FieldRootProps, NativeSelect as Select } from '@chakra-ui/react';",
      "import {\n  Fieldset,\n  useTabs,\n} from '@chakra-ui/react';",
      "import { Table } from './not-chakra.tsx';",
    ].join('\n');
    expect(
      onDemandRecipesImportedBy(source)
        .map((recipe) => recipe.key)
        .sort(),
    ).toEqual(['dialog', 'field', 'fieldset', 'nativeSelect', 'tabs']);
  });

  it('finds none in a module that imports no such component', () => {
    expect(onDemandRecipesImportedBy("import { Box, Button, Heading } from '@chakra-ui/react';")).toEqual([]);
  });
});
