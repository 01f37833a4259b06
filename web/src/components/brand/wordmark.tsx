import type { Brand } from '#shared/enums';
import { BRAND_DEFINITIONS } from '../../theme/brands.ts';

function Emblem({ brand, accent }: { brand: Brand; accent: string }) {
  if (brand === 'VACR') {
    return (
      <g>
        <path d="M18 2 L34 8 V22 C34 33 27 41 18 46 C9 41 2 33 2 22 V8 Z" fill="none" stroke={accent} strokeWidth="3" />
        <path d="M10 18 L18 30 L26 18" fill="none" stroke="currentColor" strokeWidth="3.5" strokeLinejoin="round" />
        <circle cx="18" cy="13" r="2.5" fill={accent} />
      </g>
    );
  }
  return (
    <g>
      <path d="M18 2 L34 8 V22 C34 33 27 41 18 46 C9 41 2 33 2 22 V8 Z" fill="none" stroke={accent} strokeWidth="3" />
      <path
        d="M18 13 L20.6 19.2 L27.2 19.6 L22.1 23.8 L23.8 30.3 L18 26.7 L12.2 30.3 L13.9 23.8 L8.8 19.6 L15.4 19.2 Z"
        fill="currentColor"
      />
    </g>
  );
}

/**
 * The brand's wordmark as inline SVG text (no image files): an emblem and the two
 * lines of the name. It draws in `currentColor` with the accent of the surface it
 * sits on. Decorative: the link around it carries the name.
 */
export function Wordmark({ brand, accent }: { brand: Brand; accent: string }) {
  const [first, second] = BRAND_DEFINITIONS[brand].wordmark;
  return (
    <svg viewBox="0 0 232 48" width="190" height="40" focusable="false" aria-hidden="true">
      <Emblem brand={brand} accent={accent} />
      <g fontFamily="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif">
        <text x="46" y="21" fontSize="18" fontWeight="800" letterSpacing="1.5" fill="currentColor">
          {first}
        </text>
        <text x="46" y="42" fontSize="13" fontWeight="700" letterSpacing="3.2" fill={accent}>
          {second}
        </text>
      </g>
    </svg>
  );
}
