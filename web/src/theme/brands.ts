import type { Brand } from '#shared/enums';

/**
 * What tells the two deployments apart besides their flags: colour scales, the
 * wordmark and a short name. Colour pairs used for text are checked for WCAG AA
 * contrast in `brands.test.ts`.
 */
export interface BrandDefinition {
  readonly brand: Brand;
  /** Short name read out by assistive technology when the wordmark is a link. */
  readonly shortName: string;
  /** The two lines of the wordmark, upper case. */
  readonly wordmark: readonly [string, string];
  /** Primary scale (50–950): header, headings, solid buttons. */
  readonly primary: ColorScale;
  /** Accent scale (50–950): calls to action, focus rings, highlights. */
  readonly accent: ColorScale;
  /** Shades picked from the scales for each surface. */
  readonly surfaces: BrandSurfaces;
}

export type ColorStep = 50 | 100 | 200 | 300 | 400 | 500 | 600 | 700 | 800 | 900 | 950;
export type ColorScale = Readonly<Record<ColorStep, string>>;

export interface BrandSurfaces {
  /** Header and hamburger bar background; text on it is white. */
  readonly headerBg: string;
  /** Accent drawn on the header background (active link underline, focus ring). */
  readonly headerAccent: string;
  /** Footer background; text on it is `footerFg`. */
  readonly footerBg: string;
  readonly footerFg: string;
  /** Link colour on white. */
  readonly link: string;
  /** Solid call-to-action background; text on it is white. */
  readonly action: string;
  /** Focus ring on light surfaces. */
  readonly focusRing: string;
}

/** National range: deep navy with a bright blue accent. */
export const USCR: BrandDefinition = {
  brand: 'USCR',
  shortName: 'US Cyber Range',
  wordmark: ['US CYBER', 'RANGE'],
  primary: {
    50: '#eef3fa',
    100: '#d5e0f0',
    200: '#afc3e3',
    300: '#7f9dce',
    400: '#5479b6',
    500: '#345b9c',
    600: '#25467f',
    700: '#1b3563',
    800: '#13284c',
    900: '#0b1f3a',
    950: '#06111f',
  },
  accent: {
    50: '#eff6ff',
    100: '#dbeafe',
    200: '#bfdbfe',
    300: '#93c5fd',
    400: '#60a5fa',
    500: '#3b82f6',
    600: '#2563eb',
    700: '#1d4ed8',
    800: '#1e40af',
    900: '#1e3a8a',
    950: '#172554',
  },
  surfaces: {
    headerBg: '#0b1f3a',
    headerAccent: '#60a5fa',
    footerBg: '#06111f',
    footerFg: '#d5e0f0',
    link: '#1d4ed8',
    action: '#1d4ed8',
    focusRing: '#2563eb',
  },
};

/** State range: maroon with an orange accent. */
export const VACR: BrandDefinition = {
  brand: 'VACR',
  shortName: 'Virginia Cyber Range',
  wordmark: ['VIRGINIA', 'CYBER RANGE'],
  primary: {
    50: '#fbf0f2',
    100: '#f5dce1',
    200: '#ebb8c2',
    300: '#dc8a9c',
    400: '#c75d75',
    500: '#a93c55',
    600: '#8c2a42',
    700: '#741f35',
    800: '#5e1a2c',
    900: '#4a1422',
    950: '#2b0a13',
  },
  accent: {
    50: '#fff7ed',
    100: '#ffedd5',
    200: '#fed7aa',
    300: '#fdba74',
    400: '#fb923c',
    500: '#f97316',
    600: '#ea580c',
    700: '#c2410c',
    800: '#9a3412',
    900: '#7c2d12',
    950: '#431407',
  },
  surfaces: {
    headerBg: '#5e1a2c',
    headerAccent: '#fdba74',
    footerBg: '#2b0a13',
    footerFg: '#f5dce1',
    link: '#741f35',
    action: '#c2410c',
    focusRing: '#c2410c',
  },
};

export const BRAND_DEFINITIONS: Readonly<Record<Brand, BrandDefinition>> = { USCR, VACR };
