import { Box, Container, Heading, HStack, SimpleGrid, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { ExternalLinkIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useRuntimeConfig } from '../../lib/runtime-config.tsx';
import { BRAND_DEFINITIONS } from '../../theme/brands.ts';
import { Wordmark } from '../brand/wordmark.tsx';
import { NavAnchor, NavLink } from '../ui/nav-link.tsx';
import { footerContact, footerResources, footerServices, type NavItem } from './nav-items.ts';

function FooterColumn({ title, items, extra }: { title: string; items: readonly NavItem[]; extra?: ReactNode }) {
  const headingId = `footer-${title.toLowerCase()}`;
  return (
    <Box as="nav" aria-labelledby={headingId}>
      <Heading as="h2" id={headingId} size="sm" mb="3" color="footer.fg">
        {title}
      </Heading>
      <Stack as="ul" gap="1" listStyleType="none" m="0" p="0">
        {items.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} tone="footer" end>
              {item.label}
            </NavLink>
          </li>
        ))}
        {extra}
      </Stack>
    </Box>
  );
}

/** The footer of spec §2.3: Services, Resources and Contact columns, social links and copyright. */
export function Footer() {
  const config = useRuntimeConfig();
  const brand = BRAND_DEFINITIONS[config.brand];
  return (
    <Box as="footer" bg="footer.bg" color="footer.fg" mt="16">
      <Container maxW="7xl" py="10">
        <SimpleGrid columns={{ base: 1, sm: 2, md: 4 }} gap="8">
          <Stack gap="3">
            <Wordmark brand={config.brand} accent={brand.surfaces.headerAccent} />
            {config.companyAddress ? (
              <Text textStyle="sm" whiteSpace="pre-line">
                {config.companyAddress}
              </Text>
            ) : null}
          </Stack>
          <FooterColumn title="Services" items={footerServices(config)} />
          <FooterColumn
            title="Resources"
            items={footerResources(config)}
            extra={
              <li>
                <NavAnchor href={config.knowledgeBaseUrl} target="_blank" rel="noopener noreferrer" tone="footer">
                  Knowledge Base
                  <ExternalLinkIcon aria-hidden="true" size="0.9em" />
                  <VisuallyHidden>(opens in a new tab)</VisuallyHidden>
                </NavAnchor>
              </li>
            }
          />
          <FooterColumn title="Contact" items={footerContact(config)} />
        </SimpleGrid>
        {config.socialLinks.length > 0 || config.copyrightText ? (
          <Stack
            direction={{ base: 'column', md: 'row' }}
            justify="space-between"
            gap="4"
            mt="10"
            pt="6"
            borderTopWidth="1px"
            borderColor="whiteAlpha.300"
          >
            {config.copyrightText ? <Text textStyle="sm">{config.copyrightText}</Text> : <span />}
            {config.socialLinks.length > 0 ? (
              <Box as="nav" aria-label="Social media">
                <HStack as="ul" gap="4" listStyleType="none" m="0" p="0" wrap="wrap">
                  {config.socialLinks.map((social) => (
                    <li key={social.url}>
                      <NavAnchor href={social.url} target="_blank" rel="noopener noreferrer" tone="footer">
                        {social.label}
                        <VisuallyHidden>(opens in a new tab)</VisuallyHidden>
                      </NavAnchor>
                    </li>
                  ))}
                </HStack>
              </Box>
            ) : null}
          </Stack>
        ) : null}
      </Container>
    </Box>
  );
}
