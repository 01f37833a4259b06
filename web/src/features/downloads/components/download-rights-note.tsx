import { Alert } from '@chakra-ui/react';
import { can } from '#shared/capabilities';
import { DOWNLOAD_REFUSALS } from '#shared/contracts/download';
import { useHelpActions } from '../../../components/layouts/use-help-actions.ts';
import { RouterLink } from '../../../components/ui/link.tsx';
import { LoginToDownloadNote } from '../../../components/ui/login-to-download-note.tsx';
import { paths } from '../../../config/paths.ts';
import { useSession } from '../../../lib/auth/session-store.ts';
import { useFileAccess } from '../api/get-file-access.ts';

/**
 * Why the files of a content item cannot be downloaded (spec §1, §2.6): visitors get
 * "Log in to view and download files." with a Log in button; signed-in users
 * without courseware file rights get the reason the API gives (`getFileAccess`);
 * users who may download get nothing. A reason that asks the reader to "Ask support"
 * makes those words a link (issue 21 item 29): to the contact page, or, for a
 * signed-in reader, the support dialog (as the Help menu's Support, spec §2.3).
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
        <Alert.Description>
          <WithAskSupportLink text={access.data.reason ?? DOWNLOAD_REFUSALS.noCoursewareFileRights} />
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

/** The words of a refusal that ask the reader to turn to support (`DOWNLOAD_REFUSALS`). */
const ASK_SUPPORT = 'Ask support';

/** `text` with its "Ask support" as a link that opens the support dialog (contact page without a session). */
function WithAskSupportLink({ text }: { text: string }) {
  const { openSupport } = useHelpActions();
  const at = text.indexOf(ASK_SUPPORT);
  if (at < 0) return <>{text}</>;
  return (
    <>
      {text.slice(0, at)}
      <RouterLink
        to={paths.contactUs}
        onClick={(event) => {
          event.preventDefault();
          openSupport(event.currentTarget);
        }}
      >
        {ASK_SUPPORT}
      </RouterLink>
      {text.slice(at + ASK_SUPPORT.length)}
    </>
  );
}
