import { Avatar } from '@chakra-ui/react';
import { useObjectUrl } from '../../../hooks/use-object-url.ts';
import type { PortraitDraft } from '../../../lib/contributor-draft.ts';
import { useRuntimeConfig } from '../../../lib/runtime-config.tsx';
import { portraitUrl } from '../utils/portrait.ts';

/**
 * A contributor's portrait as a round thumbnail, decorative (the name is beside
 * it): the stored public file, a preview of a newly chosen image, or the initials.
 */
export function PortraitAvatar({
  name,
  portrait,
  size = 'md',
}: {
  name: string;
  portrait: PortraitDraft;
  size?: 'sm' | 'md' | 'lg' | 'xl' | '2xl';
}) {
  const { publicFilesBaseUrl } = useRuntimeConfig();
  const preview = useObjectUrl(portrait.kind === 'new' ? portrait.file : null);
  let src: string | null = null;
  if (portrait.kind === 'new') src = preview;
  else if (portrait.fileId) src = portraitUrl(publicFilesBaseUrl, portrait.fileId);
  return (
    <Avatar.Root size={size} colorPalette="brand" aria-hidden="true" flexShrink={0}>
      <Avatar.Fallback name={name} />
      {src ? <Avatar.Image src={src} alt="" /> : null}
    </Avatar.Root>
  );
}
