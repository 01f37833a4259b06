import { Box } from '@chakra-ui/react';
import { ArchiveIcon, GlobeIcon, LockIcon, LockOpenIcon, type LucideIcon } from 'lucide-react';
import { CONTENT_STATUS_LABELS, type ContentStatus } from '#shared/enums';

const STATUS_ICONS: Record<ContentStatus, LucideIcon> = {
  unpublished: LockIcon,
  unlisted: LockOpenIcon,
  published: GlobeIcon,
  archived: ArchiveIcon,
};

/**
 * The icon of a content status (spec §4 "Content status"): lock for unpublished,
 * open lock for unlisted, globe for published, archive for archived; named by the
 * status label for assistive technology and as a tooltip.
 */
export function ContentStatusIcon({ status }: { status: ContentStatus }) {
  const StatusIcon = STATUS_ICONS[status];
  const label = CONTENT_STATUS_LABELS[status];
  return (
    <Box as="span" role="img" aria-label={label} title={label} display="inline-flex" color="fg.muted">
      <StatusIcon aria-hidden="true" size="1.1em" />
    </Box>
  );
}
