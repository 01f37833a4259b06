import { Alert } from '@chakra-ui/react';
import { LogInIcon } from 'lucide-react';
import { DOWNLOAD_SIGN_IN_MESSAGE } from '#shared/contracts/download';
import { paths } from '../../config/paths.ts';
import { LinkButton } from './link-button.tsx';

/**
 * The note visitors see beside files (spec §2.6 "Anonymous users see a login button
 * with a note that login is needed to view files"): "Log in to view and download
 * files." with a Log in button. Shared by the courseware files panel and the
 * downloads feature.
 */
export function LoginToDownloadNote() {
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
