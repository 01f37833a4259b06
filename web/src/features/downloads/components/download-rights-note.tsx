import { Alert } from '@chakra-ui/react';
import { LogInIcon } from 'lucide-react';
import { can } from '#shared/capabilities';
import { DOWNLOAD_REFUSALS, DOWNLOAD_SIGN_IN_MESSAGE } from '#shared/contracts/download';
import { LinkButton } from '../../../components/ui/link-button.tsx';
import { paths } from '../../../config/paths.ts';
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

  if (status === 'logged-out') {
    return (
      <Alert.Root status="info" variant="subtle" alignItems="center">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Description>{DOWNLOAD_SIGN_IN_MESSAGE}</Alert.Description>
        </Alert.Content>
        <LinkButton to={paths.login} size="sm">
          <LogInIcon aria-hidden="true" />
          Log in
        </LinkButton>
      </Alert.Root>
    );
  }
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
