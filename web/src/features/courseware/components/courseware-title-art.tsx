/**
 * The optional title image of the courseware page (flag `coursewareTitleImage`):
 * drawn inline in the brand's colours, decorative.
 */
export function CoursewareTitleArt() {
  return (
    <svg viewBox="0 0 120 96" width="96" height="77" aria-hidden="true" focusable="false">
      <rect x="6" y="14" width="62" height="76" rx="6" fill="var(--chakra-colors-brand-muted)" />
      <rect x="18" y="6" width="62" height="76" rx="6" fill="var(--chakra-colors-brand-solid)" />
      <rect x="28" y="20" width="40" height="5" rx="2.5" fill="var(--chakra-colors-brand-contrast)" />
      <rect x="28" y="32" width="32" height="4" rx="2" fill="var(--chakra-colors-brand-emphasized)" />
      <rect x="28" y="42" width="36" height="4" rx="2" fill="var(--chakra-colors-brand-emphasized)" />
      <circle cx="88" cy="62" r="24" fill="var(--chakra-colors-accent-solid)" />
      <path
        d="M88 48 L99 52 V61 C99 68 94 73 88 76 C82 73 77 68 77 61 V52 Z"
        fill="none"
        stroke="var(--chakra-colors-accent-contrast)"
        strokeWidth="3"
      />
      <path d="M83 62 L87 66 L94 58" fill="none" stroke="var(--chakra-colors-accent-contrast)" strokeWidth="3" />
    </svg>
  );
}
