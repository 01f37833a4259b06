import { chakra, useSlotRecipe } from '@chakra-ui/react';
import { useState } from 'react';

/**
 * A round, decorative avatar (`aria-hidden`): the picture once it has loaded, the
 * given initials until then and when it fails to load. It looks exactly like
 * Chakra's Avatar (the same `avatar` slot recipe, variant `subtle`) but needs no
 * state machine: Chakra's Avatar was the only zag machine of the first render and
 * brought about 7 KB gzip of machine runtime into it (issue 22 item 3; decision
 * record 040).
 */
export function ImageAvatar({
  initials,
  src,
  size = 'md',
  colorPalette = 'brand',
}: {
  /** Shown (upper-cased) while there is no loaded picture. */
  initials: string;
  /** The picture's address, or null for initials only. */
  src: string | null;
  size?: '2xs' | 'xs' | 'sm' | 'md' | 'lg' | 'xl' | '2xl';
  colorPalette?: 'brand' | 'accent';
}) {
  const styles = useSlotRecipe({ key: 'avatar' })({ size });
  // The address that has loaded: a new `src` shows the initials again until it loads in turn.
  const [loadedSrc, setLoadedSrc] = useState<string | null>(null);
  const loaded = src !== null && loadedSrc === src;
  return (
    <chakra.span css={styles.root} colorPalette={colorPalette} aria-hidden="true">
      <chakra.span css={styles.fallback} hidden={loaded}>
        {initials}
      </chakra.span>
      {src ? (
        <chakra.img
          css={styles.image}
          src={src}
          alt=""
          hidden={!loaded}
          onLoad={() => setLoadedSrc(src)}
          onError={() => setLoadedSrc(null)}
        />
      ) : null}
    </chakra.span>
  );
}
