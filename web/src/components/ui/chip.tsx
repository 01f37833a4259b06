import { HStack, Tag } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LIMITS } from '#shared/limits';
import { truncate } from '../../lib/text.ts';

export interface ChipItem {
  readonly key: string;
  readonly label: string;
  readonly icon?: ReactNode;
}

/**
 * A labelled list of chips (categories, tags, levels). Chip text is cut to 30
 * characters (spec §2.6); a cut chip keeps its whole text as a tooltip title.
 */
export function ChipList({
  label,
  items,
  colorPalette = 'brand',
  size = 'md',
}: {
  label: string;
  items: readonly ChipItem[];
  colorPalette?: string;
  size?: 'sm' | 'md' | 'lg';
}) {
  if (items.length === 0) return null;
  return (
    <HStack as="ul" aria-label={label} wrap="wrap" gap="2" listStyleType="none" m="0" p="0">
      {items.map((item) => {
        const text = truncate(item.label, LIMITS.chipMaxChars);
        return (
          <li key={item.key}>
            <Tag.Root
              colorPalette={colorPalette}
              variant="subtle"
              size={size}
              title={text === item.label ? undefined : item.label}
            >
              {item.icon ? <Tag.StartElement aria-hidden="true">{item.icon}</Tag.StartElement> : null}
              <Tag.Label>{text}</Tag.Label>
            </Tag.Root>
          </li>
        );
      })}
    </HStack>
  );
}
