import { Alert } from '@chakra-ui/react';
import { can } from '#shared/capabilities';
import { DOWNLOAD_REFUSALS } from '#shared/contracts/download';
import { LoginToDownloadNote } from '../../../components/ui/login-to-download-note.tsx';
import { useSession } from '../../auth/session/session-store.ts';
import { useFileAccess } from '../api/get-file-access.ts';

/**
 * Why the files of a content item cannot be downloaded (spec §1, §2.6): visitors get
 * "Log in to view and download files." with a Log in button; signed-in users
 * without courseware file rights get the reason the API gives (`getFileAccess`);
 * users who may download get nothing.
 */
export function DownloadRightsNote() {
  const { status, user, principal } = useSession();
  const mayDownload = can(principal, 'viewFiles');
  const access = useFileAccess({ userId: status === 'logged-in' && !mayDownload ? (user?.id ?? null) : null });

  if (status === 'logged-out') return <LoginToDownloadNote />;
  if (mayDownload || !access.data || access.data.courseware) return null;
  return (
    <Alert.Root status="info" variant="subtle">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Description>{access.data.reason ?? DOWNLOAD_REFUSALS.noCoursewareFileRights}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
