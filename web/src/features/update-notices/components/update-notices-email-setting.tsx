import { Checkbox, Heading, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { useUpdateNoticeSettings } from '../api/get-update-notice-settings.ts';
import { useUpdateUpdateNoticeSettings } from '../api/update-update-notice-settings.ts';

/** The label of the signed-in switch (issue 25 item 5). */
export const UPDATE_NOTICE_EMAIL_LABEL = 'E-mail me when courseware I downloaded is updated';

/**
 * The signed-in reader's update-notice e-mail switch (issue 25 item 5; decision record
 * 066): the account-menu message about an updated item comes either way; this decides
 * whether a daily e-mail digest of them is sent too.
 */
export function UpdateNoticesEmailSetting() {
  const settings = useUpdateNoticeSettings();
  const update = useUpdateUpdateNoticeSettings();
  const [status, setStatus] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const change = async (emailDigest: boolean) => {
    setProblem(null);
    try {
      await update.mutateAsync({ emailDigest });
      setStatus(emailDigest ? 'Update e-mails on.' : 'Update e-mails off.');
    } catch (error) {
      if (error instanceof ApiError) setProblem(error.message);
      else throw error;
    }
  };

  return (
    <Stack as="section" aria-labelledby="update-notices-heading" gap="3">
      <Heading as="h2" size="lg" id="update-notices-heading">
        Updates to courseware you downloaded
      </Heading>
      <Text maxW="prose">
        When courseware you downloaded (a file, or a bundle holding it) is updated, your account menu shows a message
        with a link to its change log. You can also get one e-mail a day listing the updates.
      </Text>
      {settings.isPending ? (
        <Text>Loading your e-mail setting…</Text>
      ) : settings.isError ? (
        <Text role="alert" color="fg.error">
          Your e-mail setting could not be loaded.
        </Text>
      ) : (
        <Checkbox.Root
          checked={settings.data.emailDigest}
          disabled={update.isPending}
          onCheckedChange={(details) => void change(details.checked === true)}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{UPDATE_NOTICE_EMAIL_LABEL}</Checkbox.Label>
        </Checkbox.Root>
      )}
      <Text role="status" textStyle="sm" color="fg.muted">
        {status}
      </Text>
      {problem ? (
        <Text role="alert" color="fg.error">
          {problem}
        </Text>
      ) : null}
    </Stack>
  );
}
