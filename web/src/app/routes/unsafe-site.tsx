import { Box, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { ArrowLeftIcon } from 'lucide-react';
import { Link as ReactRouterLink } from 'react-router-dom';
import { paths } from '../../config/paths.ts';
import { useDocumentTitle } from '../../lib/document-title.ts';

/** The blocked-site notice (spec §2.15, §8): red, with an animated arrow that stays still for reduced motion. */
export function UnsafeSiteRoute() {
  useDocumentTitle('This website is not allowed');
  return (
    <Box bg="red.700" color="white" borderRadius="l3" px={{ base: '6', md: '12' }} py={{ base: '10', md: '16' }}>
      <Stack gap="6" align="center" textAlign="center">
        <Box animation="bounce" _motionReduce={{ animation: 'none' }} aria-hidden="true">
          <ArrowLeftIcon size={56} strokeWidth={2.5} />
        </Box>
        <Heading as="h1" size={{ base: '2xl', md: '4xl' }} color="white">
          THIS WEBSITE IS NOT ALLOWED!
        </Heading>
        <Text textStyle="xl" fontWeight="semibold">
          This incident has been reported.
        </Text>
        <Link asChild color="white" textDecoration="underline" focusRingColor="white">
          <ReactRouterLink to={paths.home}>Return to the home page</ReactRouterLink>
        </Link>
      </Stack>
    </Box>
  );
}
