import { Heading, Stack } from '@chakra-ui/react';
import { useSearchParams } from 'react-router-dom';
import { UPDATE_NOTICES_LIST } from '#shared/contracts/update-notices';
import { UnsubscribeConfirm } from '../../features/saved-searches/components/unsubscribe-confirm.tsx';
import { UpdateNoticesUnsubscribe } from '../../features/update-notices/components/update-notices-unsubscribe.tsx';
import { useDocumentTitle } from '../../lib/document-title.ts';

/**
 * /saved-searches/unsubscribe?token= (issue 24 item 8): the digest e-mails' "Stop these
 * e-mails" link, for anyone holding it (no sign-in); it confirms with a button. With
 * `list=update-notices` it stops the daily update-notice e-mail instead (issue 25 item 5;
 * decision record 066).
 */
export function Component() {
  const [params] = useSearchParams();
  const updateNotices = params.get('list') === UPDATE_NOTICES_LIST;
  const title = updateNotices ? 'Stop update e-mails' : 'Stop saved-search e-mails';
  useDocumentTitle(title);
  const token = params.get('token')?.trim() ?? '';
  return (
    <Stack gap="6">
      <Heading as="h1" size="3xl">
        {title}
      </Heading>
      {updateNotices ? <UpdateNoticesUnsubscribe token={token} /> : <UnsubscribeConfirm token={token} />}
    </Stack>
  );
}
