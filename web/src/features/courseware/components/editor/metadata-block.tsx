import { Box, Button, Heading, HStack } from '@chakra-ui/react';
import { CheckIcon, CopyIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { announce } from '../../../../lib/announcer.tsx';

/**
 * The editors' metadata block (spec §2.6): the content id and a button that copies
 * it to the clipboard, announcing "Copied".
 */
export function MetadataBlock({ id }: { id: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(id);
      setCopied(true);
      announce('Copied');
    } catch {
      announce('Could not copy. Select the id and copy it by hand.');
    }
  };

  return (
    <Box as="section" aria-labelledby="metadata-heading">
      <Heading as="h2" id="metadata-heading" size="lg" mb="3">
        Metadata
      </Heading>
      <Box as="dl" m="0">
        <Box as="dt" fontWeight="semibold">
          Content id
        </Box>
        <HStack as="dd" m="0" gap="2" wrap="wrap">
          <Box as="code" fontFamily="mono" fontSize="sm" wordBreak="break-all">
            {id}
          </Box>
          <Button size="xs" variant="outline" onClick={copy} aria-label="Copy content id">
            {copied ? <CheckIcon aria-hidden="true" /> : <CopyIcon aria-hidden="true" />}
            {copied ? 'Copied' : 'Copy'}
          </Button>
        </HStack>
      </Box>
    </Box>
  );
}
