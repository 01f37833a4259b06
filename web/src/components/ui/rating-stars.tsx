import { HStack, Text, VisuallyHidden } from '@chakra-ui/react';
import { StarIcon } from 'lucide-react';

/** "4.25" → "4.3": the average as cards and the content page show it (one decimal). */
export function formatAverage(average: number): string {
  return (Math.round(average * 10) / 10).toFixed(1);
}

/** The text equivalent of an average and count: "Rated 4.3 out of 5 from 12 ratings". */
export function ratingText(average: number, count: number): string {
  return `Rated ${formatAverage(average)} out of 5 from ${count} ${count === 1 ? 'rating' : 'ratings'}`;
}

/**
 * An average rating as five stars (issue 26 item 3): the stars are decoration
 * (hidden from assistive technology); the text equivalent is read instead, and the
 * visible "4.3 (12)" beside them says the same for sighted readers. Stars are filled
 * to the nearest whole star.
 */
export function RatingStars({ average, count, size = 'sm' }: { average: number; count: number; size?: 'sm' | 'md' }) {
  const filled = Math.round(average);
  const px = size === 'sm' ? 14 : 20;
  return (
    <HStack gap="1" color="fg.muted">
      <HStack gap="0.5" aria-hidden="true" color="orange.solid">
        {[1, 2, 3, 4, 5].map((star) => (
          <StarIcon key={star} size={px} fill={star <= filled ? 'currentColor' : 'none'} strokeWidth={1.5} />
        ))}
      </HStack>
      <Text as="span" textStyle={size} aria-hidden="true">
        {formatAverage(average)} ({count})
      </Text>
      <VisuallyHidden>{ratingText(average, count)}</VisuallyHidden>
    </HStack>
  );
}
