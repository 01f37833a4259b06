import { Box, Button, type ButtonProps } from '@chakra-ui/react';
import type { Ref } from 'react';
import { ImageAvatar } from '../../../components/ui/image-avatar.tsx';
import { initialsOf } from '../../../lib/auth/account-links.ts';

/** The accessible name of the account menu's trigger, with the message count when there are messages. */
export function accountMenuLabel(messageCount: number): string {
  if (messageCount === 0) return 'Account menu';
  return `Account menu, ${messageCount} ${messageCount === 1 ? 'message' : 'messages'}`;
}

/**
 * The avatar button of the signed-in header (spec §2.3): the picture or the
 * initials, and a badge with the number of messages. The same before and after the
 * menu's code has loaded.
 */
export function AccountMenuButton({
  displayName,
  picture,
  messageCount,
  ...props
}: ButtonProps & {
  displayName: string;
  picture: string | null;
  messageCount: number;
  ref?: Ref<HTMLButtonElement>;
}) {
  return (
    <Button
      variant="ghost"
      colorPalette="header"
      focusRingColor="header.focusRing"
      size="sm"
      px="1"
      position="relative"
      aria-label={accountMenuLabel(messageCount)}
      {...props}
    >
      <ImageAvatar initials={initialsOf(displayName)} src={picture} size="xs" colorPalette="accent" />
      {messageCount > 0 ? (
        <Box
          as="span"
          aria-hidden="true"
          position="absolute"
          top="-1"
          insetEnd="-1"
          minW="5"
          h="5"
          px="1"
          borderRadius="full"
          bg="red.700"
          color="white"
          fontSize="xs"
          fontWeight="bold"
          display="inline-flex"
          alignItems="center"
          justifyContent="center"
          lineHeight="1"
        >
          {messageCount > 99 ? '99+' : messageCount}
        </Box>
      ) : null}
    </Button>
  );
}
