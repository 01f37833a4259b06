import { Card, Heading, HStack, Image, LinkBox, LinkOverlay, Tag, Text, VisuallyHidden } from '@chakra-ui/react';
import { EyeOffIcon } from 'lucide-react';
import { Link as ReactRouterLink } from 'react-router-dom';
import type { ContentSummary } from '#shared/contracts/content';
import { CONTENT_STATUS_LABELS } from '#shared/enums';
import { LIMITS } from '#shared/limits';
import { ChipList } from '../../../components/ui/chip.tsx';
import { truncate } from '../../../lib/text.ts';
import { categoryLabel } from '../utils/categories.ts';
import { contentPath } from '../utils/content-path.ts';
import { LevelList } from './level-list.tsx';
import { LibraryPart } from './library-part.tsx';
import { TagChips } from './tag-chips.tsx';

/** Tags a card shows before summing up the rest. */
const CARD_TAGS_MAX = 4;

/**
 * Pixel size of the card picture's box (2:1, the top of a page: its title and first lines). The
 * `width`/`height` attributes reserve the box before the image loads (no layout shift).
 */
const THUMBNAIL_BOX = { width: 320, height: 160 } as const;

/**
 * The picture a card shows (issue 24 item 2): the item's own `image` when it has one,
 * else its rendered `thumbnail` (first page of its first PDF), else none.
 */
export function cardPicture(content: ContentSummary): { url: string; alt: string } | null {
  if (content.image) return { url: content.image, alt: `Picture for ${content.name}` };
  return content.thumbnail ?? null;
}

/**
 * A card's average rating and count (issue 26 item 3): a star and "4.3 (12)" for the
 * eye, hidden from assistive technology, which reads "Rated 4.3 out of 5 from 12
 * ratings" instead. Text only (no icon component): the card is in the first render,
 * whose budget is tight (decision record 062).
 */
function CardRating({ average, count }: { average: number; count: number }) {
  const shown = (Math.round(average * 10) / 10).toFixed(1);
  return (
    <Text textStyle="sm" color="fg.muted">
      <span aria-hidden="true">
        ★ {shown} ({count})
      </span>
      <VisuallyHidden>{`Rated ${shown} out of 5 from ${count} ${count === 1 ? 'rating' : 'ratings'}`}</VisuallyHidden>
    </Text>
  );
}

/**
 * A content card (spec §2.5, §2.6): the title links to the item (the whole card is
 * clickable), a status badge when it is not published (only editors are shown such
 * items), category chips cut to 30 characters, the description cut to 80, the
 * levels, and the other tags with their icons; the average rating and count when the
 * item has ratings (search hits, issue 26 item 3); above them its picture
 * ({@link cardPicture}) in a fixed 2:1 box, loaded lazily, with its alt text. Beside the
 * title, for signed-in readers, "Save to my library" when the route provides it (issue 26 item 1).
 */
export function ContentCard({ content, headingLevel = 'h3' }: { content: ContentSummary; headingLevel?: 'h3' | 'h4' }) {
  const description = truncate(content.summary, LIMITS.cardDescriptionMaxChars);
  const picture = cardPicture(content);
  return (
    <LinkBox asChild>
      <Card.Root
        as="article"
        variant="outline"
        size="sm"
        h="full"
        transitionProperty="box-shadow, border-color"
        transitionDuration="moderate"
        _hover={{ borderColor: 'brand.emphasized', boxShadow: 'sm' }}
      >
        {picture ? (
          <Image
            src={picture.url}
            alt={picture.alt}
            loading="lazy"
            decoding="async"
            htmlWidth={THUMBNAIL_BOX.width}
            htmlHeight={THUMBNAIL_BOX.height}
            w="full"
            h="auto"
            aspectRatio="2 / 1"
            objectFit="cover"
            objectPosition="top"
            borderTopRadius="l2"
            borderBottomWidth="1px"
            bg="bg.muted"
          />
        ) : null}
        <Card.Body gap="3">
          <HStack justify="space-between" align="flex-start" gap="2">
            <Heading as={headingLevel} size="md" lineHeight="1.35">
              <LinkOverlay
                asChild
                color="link"
                textDecoration="underline"
                textUnderlineOffset="3px"
                focusVisibleRing="outside"
              >
                <ReactRouterLink to={contentPath(content)}>{content.name}</ReactRouterLink>
              </LinkOverlay>
            </Heading>
            <LibraryPart contentId={content.id} name={content.name} variant="icon" />
          </HStack>
          {content.status === 'published' ? null : (
            <Tag.Root colorPalette="orange" variant="subtle" size="sm" alignSelf="flex-start">
              <Tag.StartElement aria-hidden="true">
                <EyeOffIcon />
              </Tag.StartElement>
              <Tag.Label>{CONTENT_STATUS_LABELS[content.status]}</Tag.Label>
            </Tag.Root>
          )}
          {content.rating ? <CardRating average={content.rating.average} count={content.rating.count} /> : null}
          <ChipList
            label="Categories"
            size="sm"
            items={content.categories.map((category) => ({ key: category, label: categoryLabel(category) }))}
          />
          {description ? (
            <Text color="fg.muted" title={description === content.summary ? undefined : content.summary}>
              {description}
            </Text>
          ) : null}
          <LevelList educationLevels={content.educationLevels} experienceLevels={content.experienceLevels} size="sm" />
          <TagChips tags={content.tags} max={CARD_TAGS_MAX} size="sm" />
        </Card.Body>
      </Card.Root>
    </LinkBox>
  );
}
