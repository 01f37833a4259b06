import { ChakraProvider } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { Brand } from '#shared/enums';
import { systemFor } from '../../theme/system.ts';

/** Chakra with the theme of the deployment's brand. */
export function Provider({ brand, children }: { brand: Brand; children: ReactNode }) {
  return <ChakraProvider value={systemFor(brand)}>{children}</ChakraProvider>;
}
