import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import { knownLicence } from '#shared/licences';
import { ExternalLink } from '../../../components/ui/link.tsx';

function hostOf(url: string): string | null {
  try {
    return new URL(url).host;
  } catch {
    return null;
  }
}

/**
 * The attribution the item's own licence asks for (spec §1; decision record 006;
 * issue 24 item 0): a known licence (`#shared/licences`: CC BY-NC-SA 4.0, CC BY-SA 4.0,
 * CC0 1.0, MIT) named in full and linked, an unknown one as its text; then the
 * copyright notice and the original source.
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
  const known = knownLicence(licence);
  return (
    <Box as="section" aria-labelledby="licence-heading">
      <Heading as="h2" id="licence-heading" size="lg" mb="3">
        Licence
      </Heading>
      <Stack gap="2">
        {known ? (
          <Text>
            Shared under the{' '}
            <ExternalLink href={known.url} rel="license noopener noreferrer">
              {known.name === known.short ? known.name : `${known.name} (${known.short})`}
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
