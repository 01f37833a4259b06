import { Span } from '@chakra-ui/react';
import { ArchiveIcon, GlobeIcon, LockIcon, LockOpenIcon } from 'lucide-react';
import type { ContentStatus } from '#shared/enums';

const STATUS_ICONS = {
  unpublished: { icon: LockIcon, label: 'Status: Unpublished' },
  unlisted: { icon: LockOpenIcon, label: 'Status: Unlisted' },
  published: { icon: GlobeIcon, label: 'Status: Published' },
  archived: { icon: ArchiveIcon, label: 'Status: Archived' },
} as const;

/**
 * The status icon beside a content title (spec §4 "Content status"): lock for
 * unpublished (or none), open lock for unlisted, globe for published, archive box
 * for archived. Shown only to those who may update content; named for screen readers.
 */
export function StatusIcon({ status }: { status: ContentStatus | '' | null | undefined }) {
  const { icon: Glyph, label } = STATUS_ICONS[status || 'unpublished'];
  return (
    <Span display="inline-flex" color="fg.muted" flexShrink="0">
      <Glyph role="img" aria-label={label} size={24} />
    </Span>
  );
}
