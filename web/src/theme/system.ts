import {
  createSystem,
  defineConfig,
  defineRecipe,
  type RecipeDefinition,
  type SlotRecipeConfig,
  type SystemContext,
} from '@chakra-ui/react';
import { defaultBaseConfig } from '@chakra-ui/react/preset-base';
import type { Brand } from '#shared/enums';
import { BREAKPOINTS } from '#shared/limits';
import { BRAND_DEFINITIONS, type BrandDefinition, type ColorScale } from './brands.ts';
import { chakraThemeConfig } from './chakra-base.ts';

const px = (value: number) => `${value}px`;

function scaleTokens(scale: ColorScale) {
  return Object.fromEntries(Object.entries(scale).map(([step, value]) => [step, { value }]));
}

/** Links of the header bar and of the footer columns (both on dark surfaces). */
export const navLinkRecipe = defineRecipe({
  className: 'nav-link',
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: '1.5',
    px: '3',
    py: '2',
    borderRadius: 'l2',
    fontWeight: 'medium',
    textStyle: 'sm',
    color: 'header.fg',
    textDecoration: 'none',
    focusVisibleRing: 'outside',
    focusRingColor: 'header.focusRing',
    transitionProperty: 'common',
    transitionDuration: 'moderate',
    _hover: { bg: 'header.subtle', textDecoration: 'underline', textUnderlineOffset: '4px' },
    _currentPage: {
      textDecoration: 'underline',
      textDecorationThickness: '2px',
      textUnderlineOffset: '6px',
      textDecorationColor: 'header.focusRing',
    },
  },
  variants: {
    tone: {
      header: {},
      footer: {
        px: '0',
        py: '1',
        color: 'footer.fg',
        focusRingColor: 'footer.focusRing',
        _hover: { bg: 'transparent', textDecoration: 'underline' },
      },
    },
  },
  defaultVariants: { tone: 'header' },
});

/**
 * The Chakra config of one brand: its colour scales as `brand` and `accent`
 * palettes, surfaces for header and footer, the spec's breakpoints (§9), links that
 * are underlined (colour is never the only cue), and motion cut when the reader
 * asks for less.
 */
export function brandConfig(definition: BrandDefinition) {
  const { primary, accent, surfaces } = definition;
  return defineConfig({
    theme: {
      breakpoints: {
        sm: px(BREAKPOINTS.sm),
        md: px(BREAKPOINTS.md),
        lg: px(BREAKPOINTS.lg),
        xl: px(BREAKPOINTS.xl),
        '2xl': px(2560),
      },
      tokens: {
        colors: {
          brand: scaleTokens(primary),
          accent: scaleTokens(accent),
        },
        zIndex: { skipLink: { value: 2000 } },
      },
      semanticTokens: {
        colors: {
          brand: {
            solid: { value: primary[800] },
            contrast: { value: '#ffffff' },
            fg: { value: primary[700] },
            subtle: { value: primary[50] },
            muted: { value: primary[100] },
            emphasized: { value: primary[200] },
            focusRing: { value: surfaces.focusRing },
            border: { value: primary[200] },
          },
          accent: {
            solid: { value: surfaces.action },
            contrast: { value: '#ffffff' },
            fg: { value: accent[800] },
            subtle: { value: accent[50] },
            muted: { value: accent[100] },
            emphasized: { value: accent[200] },
            focusRing: { value: surfaces.focusRing },
            border: { value: accent[300] },
          },
          header: {
            bg: { value: surfaces.headerBg },
            solid: { value: '#ffffff' },
            contrast: { value: surfaces.headerBg },
            fg: { value: '#ffffff' },
            subtle: { value: 'rgba(255, 255, 255, 0.12)' },
            muted: { value: 'rgba(255, 255, 255, 0.2)' },
            emphasized: { value: 'rgba(255, 255, 255, 0.3)' },
            focusRing: { value: surfaces.headerAccent },
            border: { value: 'rgba(255, 255, 255, 0.7)' },
          },
          footer: {
            bg: { value: surfaces.footerBg },
            fg: { value: surfaces.footerFg },
            focusRing: { value: surfaces.headerAccent },
          },
          link: { value: surfaces.link },
          // Chakra's defaults for these fall under 4.5:1 on white and on their subtle backgrounds.
          fg: {
            error: { value: '{colors.red.700}' },
            warning: { value: '{colors.orange.800}' },
          },
          orange: { fg: { value: '{colors.orange.800}' } },
          // Destructive buttons: red.600 turns lighter on hover (90 % over white, 4.3:1); red.700 stays above 4.5:1.
          red: { solid: { value: '{colors.red.700}' } },
        },
      },
      recipes: {
        link: {
          // Inline, so a link inside a sentence wraps with it; icons sit on the text line.
          base: {
            color: 'link',
            display: 'inline',
            '& svg': { display: 'inline', verticalAlign: '-0.125em', marginInlineStart: '1' },
          },
          variants: {
            variant: {
              underline: { color: 'link', textDecorationColor: 'currentColor/60' },
              plain: { color: 'link' },
            },
          },
          defaultVariants: { variant: 'underline' },
        },
        // Issue 21 item 29: no control passes through a state a reader should not see. Opacity and colour
        // change at once (a button turning enabled or disabled is never shown half-faded: mid-way its
        // text measured 2.84:1); only surfaces ease, between endpoints that each meet 4.5:1.
        button: {
          base: { transitionProperty: 'background-color, border-color, box-shadow' },
        },
        skipNavLink: {
          base: {
            zIndex: 'skipLink',
            bg: 'white',
            color: 'brand.fg',
            boxShadow: 'lg',
            textDecoration: 'underline',
          },
        },
      },
    },
    globalCss: {
      html: { colorPalette: 'brand' },
      body: { bg: 'white', color: 'fg' },
      ':where(a, button, summary, [tabindex]):focus-visible': {
        outline: '2px solid',
        outlineColor: 'brand.focusRing',
        outlineOffset: '2px',
      },
      '*, *::before, *::after': {
        _motionReduce: {
          animationDuration: '0.01ms !important',
          animationIterationCount: '1 !important',
          transitionDuration: '0.01ms !important',
          scrollBehavior: 'auto !important',
        },
      },
    },
  });
}

const systems = new Map<Brand, SystemContext>();

/** A recipe registered after start-up, and where the theme keeps it. */
export type LateRecipe =
  | { readonly kind: 'recipes'; readonly recipe: RecipeDefinition }
  | { readonly kind: 'slotRecipes'; readonly recipe: SlotRecipeConfig };
const lateRecipes = new Map<string, LateRecipe>();

function addLateRecipe(system: SystemContext, key: string, late: LateRecipe): void {
  // Chakra reads `theme.recipes[key]` / `theme.slotRecipes[key]` of the system's own theme object when a
  // component first renders, so a recipe added there before then styles it as if registered up front.
  const theme = system._config.theme ?? {};
  if (late.kind === 'recipes') theme.recipes = Object.assign(theme.recipes ?? {}, { [key]: late.recipe });
  else theme.slotRecipes = Object.assign(theme.slotRecipes ?? {}, { [key]: late.recipe });
}

/**
 * Registers a Chakra component recipe after start-up, in every brand's system, now
 * and when created later (issue 22 item 3; `on-demand-recipes.ts`, decision record
 * 040). It must run before the component first renders (Chakra caches a recipe on
 * first use); the build imports the registration into every module that imports
 * the component.
 */
export function registerRecipe(key: string, late: LateRecipe): void {
  lateRecipes.set(key, late);
  for (const system of systems.values()) addLateRecipe(system, key, late);
}

/** The Chakra system of a brand, created once on first use. */
export function systemFor(brand: Brand): SystemContext {
  let system = systems.get(brand);
  if (!system) {
    system = createSystem(defaultBaseConfig, chakraThemeConfig, brandConfig(BRAND_DEFINITIONS[brand]));
    for (const [key, late] of lateRecipes) addLateRecipe(system, key, late);
    systems.set(brand, system);
  }
  return system;
}
