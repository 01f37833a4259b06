import { describe, expect, it } from 'vitest';
import { BRAND_DEFINITIONS, type BrandDefinition } from './brands.ts';
import { systemFor } from './system.ts';

function luminance(hex: string): number {
  const channels = [1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [
    number,
    number,
    number,
  ];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2.2 contrast ratio of two `#rrggbb` colours. */
function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

const WHITE = '#ffffff';

/** Every text/background pair the theme draws, with its minimum ratio (4.5 text, 3 focus rings). */
function pairs({ primary, accent, surfaces }: BrandDefinition): [string, string, string, number][] {
  return [
    ['header text', WHITE, surfaces.headerBg, 4.5],
    ['header accent text (wordmark, current link)', surfaces.headerAccent, surfaces.headerBg, 4.5],
    ['footer text', surfaces.footerFg, surfaces.footerBg, 4.5],
    ['footer focus ring', surfaces.headerAccent, surfaces.footerBg, 3],
    ['links', surfaces.link, WHITE, 4.5],
    ['call-to-action button', WHITE, surfaces.action, 4.5],
    ['solid brand button', WHITE, primary[800], 4.5],
    ['headings', primary[700], WHITE, 4.5],
    ['brand chips', primary[700], primary[50], 4.5],
    ['accent text', accent[800], WHITE, 4.5],
    ['accent subtle', accent[800], accent[50], 4.5],
    ['focus ring on white', surfaces.focusRing, WHITE, 3],
    ['focus ring on the header', surfaces.headerAccent, surfaces.headerBg, 3],
  ];
}

describe.each(Object.values(BRAND_DEFINITIONS))('$brand colours', (definition) => {
  it.each(pairs(definition))('%s meets WCAG AA', (_, foreground, background, minimum) => {
    expect(contrast(foreground, background)).toBeGreaterThanOrEqual(minimum);
  });
});

describe('brand systems', () => {
  it('gives each brand its own colours', () => {
    expect(systemFor('USCR').token('colors.brand.900')).toBe('#0b1f3a');
    expect(systemFor('VACR').token('colors.brand.900')).toBe('#4a1422');
    expect(systemFor('USCR').token('colors.accent.700')).toBe('#1d4ed8');
    expect(systemFor('VACR').token('colors.accent.700')).toBe('#c2410c');
  });

  it('keeps white text on destructive buttons above 4.5:1 at rest and on hover (90 % over white)', () => {
    const solid = systemFor('USCR').token('colors.red.700') as string;
    const hover = `#${[1, 3, 5]
      .map((start) => Math.round(0.9 * Number.parseInt(solid.slice(start, start + 2), 16) + 0.1 * 255))
      .map((channel) => channel.toString(16).padStart(2, '0'))
      .join('')}`;
    expect(contrast(WHITE, solid)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(WHITE, hover)).toBeGreaterThanOrEqual(4.5);
    const semantic = systemFor('USCR')._config.theme?.semanticTokens?.colors as Record<string, unknown> | undefined;
    expect(semantic?.red).toMatchObject({ solid: { value: '{colors.red.700}' } });
  });

  it('uses the breakpoints of spec §9', () => {
    expect(systemFor('USCR').token('breakpoints.md')).toBe('960px');
  });

  it('creates each system once', () => {
    expect(systemFor('VACR')).toBe(systemFor('VACR'));
  });
});
