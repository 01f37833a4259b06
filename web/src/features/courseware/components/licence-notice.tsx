import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import { ExternalLink } from '../../../components/ui/link.tsx';

export const CC_BY_NC_SA_URL = 'https://creativecommons.org/licenses/by-nc-sa/4.0/';

function isCcByNcSa4(licence: string): boolean {
  return /by[\s-]*nc[\s-]*sa[\s-]*4\.0/i.test(licence) || licence.trim() === '';
}

function hostOf(url: string): string | null {
  try {
    return new URL(url).host;
  } catch {
    return null;
  }
}

/**
 * The attribution the courseware licence asks for (spec §1; decision record 006):
 * the licence with its link, the copyright notice and the original source.
 */
export function LicenceNotice({
  licence,
  sourceUrl,
  copyrightNotice,
}: {
  licence: string;
  sourceUrl: string | null;
  copyrightNotice: string | null;
}) {
  const host = sourceUrl ? hostOf(sourceUrl) : null;
  return (
    <Box as="section" aria-labelledby="licence-heading">
      <Heading as="h2" id="licence-heading" size="lg" mb="3">
        Licence
      </Heading>
      <Stack gap="2">
        {isCcByNcSa4(licence) ? (
          <Text>
            Shared under the{' '}
            <ExternalLink href={CC_BY_NC_SA_URL} rel="license noopener noreferrer">
              Creative Commons Attribution-NonCommercial-ShareAlike 4.0 International licence (CC BY-NC-SA 4.0)
            </ExternalLink>
            .
          </Text>
        ) : (
          <Text>Licence: {licence}</Text>
        )}
        {copyrightNotice ? <Text>{copyrightNotice}</Text> : null}
        {sourceUrl ? (
          <Text>
            <ExternalLink href={sourceUrl}>{host ? `Original source on ${host}` : 'Original source'}</ExternalLink>
          </Text>
        ) : null}
      </Stack>
    </Box>
  );
}
