import { Box, Combobox, createListCollection, HStack, Span, Stack, Tag, Text, VisuallyHidden } from '@chakra-ui/react';
import { useDeferredValue, useEffect, useId, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { type IndexedOption, indexOptions, matchOptions, type PickerOption, withCountsFirst } from './option-match.ts';

/**
 * `options` with the current result's counts (facets, `{ value, count }`), those
 * with a count first, most results first ({@link withCountsFirst}); memoised.
 */
export function useCountedOptions<T extends PickerOption>(
  options: readonly T[],
  counts: readonly { readonly value: string; readonly count: number }[] | undefined,
): T[] {
  const countMap = useMemo(
    () => (counts ? new Map(counts.map((facet) => [facet.value, facet.count])) : undefined),
    [counts],
  );
  return useMemo(() => withCountsFirst(options, countMap), [options, countMap]);
}

/** How long the list stays open after focus leaves the field (spec §9 "Combo box closes 200 ms after blur"). */
export const COMBOBOX_CLOSE_DELAY_MS = 200;
/** Matches listed at once; typing narrows the rest. */
export const COMBOBOX_MATCH_LIMIT = 50;

/** ", 12 results" for screen readers beside a visible "(12)". */
export function CountText({ count }: { count: number | undefined }) {
  if (count === undefined) return null;
  return (
    <>
      <Span aria-hidden="true" color="fg.muted" whiteSpace="nowrap">
        {' '}
        ({count.toLocaleString('en-US')})
      </Span>
      <VisuallyHidden>
        , {count.toLocaleString('en-US')} {count === 1 ? 'result' : 'results'}
      </VisuallyHidden>
    </>
  );
}

export interface MultiComboboxProps {
  /** The field's label, e.g. "KSA statements". */
  label: string;
  /** Every option, in the order to list them when nothing is typed. */
  options: readonly PickerOption[];
  /** The chosen values (in the order chosen). */
  value: readonly string[];
  onValueChange: (value: string[]) => void;
  /** The text of a chosen value's chip, e.g. its id; the whole text goes into its title. */
  chipText: (value: string) => string;
  chipTitle?: (value: string) => string | undefined;
  /** Says what can be typed, under the field (e.g. "Type an id such as K0018, or words."). */
  hint: string;
  placeholder?: string;
  loading?: boolean;
  limit?: number;
}

/**
 * A searchable multi-select combo box (WAI-ARIA combobox with a listbox, Chakra's
 * Combobox): typing filters the options by their key (an id) and their words, and
 * lists at most `limit` of them, so thousands stay fast; the matching runs on a
 * deferred copy of the text, so typing is never held up. Arrow keys move through
 * the list, Enter chooses or un-chooses, Escape closes; the list closes 200 ms
 * after focus leaves the field (spec §9). Chosen values are removable chips
 * ("Remove K0018") below the field.
 */
export function MultiCombobox({
  label,
  options,
  value,
  onValueChange,
  chipText,
  chipTitle,
  hint,
  placeholder = 'Type to search',
  loading = false,
  limit = COMBOBOX_MATCH_LIMIT,
}: MultiComboboxProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const statusId = `${id}-status`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [inputValue, setInputValue] = useState('');
  const [open, setOpen] = useState(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const indexed = useMemo(() => indexOptions(options), [options]);
  const query = useDeferredValue(inputValue);
  const matches = useMemo(() => matchOptions(indexed, query, limit), [indexed, query, limit]);
  const collection = useMemo(
    () =>
      createListCollection<IndexedOption>({
        items: matches.items,
        itemToValue: (option) => option.value,
        itemToString: (option) => option.label,
      }),
    [matches.items],
  );

  useEffect(() => () => clearTimeout(closeTimer.current), []);

  const cancelClose = () => clearTimeout(closeTimer.current);
  const closeSoon = () => {
    cancelClose();
    closeTimer.current = setTimeout(() => setOpen(false), COMBOBOX_CLOSE_DELAY_MS);
  };
  const remove = (removed: string) => {
    inputRef.current?.focus();
    onValueChange(value.filter((chosen) => chosen !== removed));
  };

  let status = '';
  if (open && !loading) {
    if (matches.total > matches.items.length) {
      status = `Showing ${matches.items.length} of ${matches.total.toLocaleString('en-US')} matches. Type to narrow.`;
    } else if (query.trim()) {
      status = `${matches.total} ${matches.total === 1 ? 'match' : 'matches'}.`;
    }
  }

  return (
    <Stack gap="2">
      <Combobox.Root
        collection={collection}
        multiple
        closeOnSelect={false}
        openOnClick
        inputBehavior="autohighlight"
        value={[...value]}
        onValueChange={(details) => onValueChange(details.value)}
        inputValue={inputValue}
        onInputValueChange={(details) => {
          // The machine reports typing from a microtask, outside React's event
          // handling; rendered at normal priority, a slow render could write an
          // older text back into the field and lose keystrokes. Rendered at once,
          // the field and the state never part.
          flushSync(() => setInputValue(details.inputValue));
        }}
        open={open}
        onOpenChange={(details) => {
          if (!details.open && details.reason === 'interact-outside') {
            closeSoon();
            return;
          }
          cancelClose();
          setOpen(details.open);
        }}
        positioning={{ sameWidth: true, placement: 'bottom-start' }}
        translations={{ triggerLabel: `Show ${label}` }}
        lazyMount
        unmountOnExit
        size="sm"
      >
        <Combobox.Label fontWeight="semibold">{label}</Combobox.Label>
        <Combobox.Control>
          <Combobox.Input
            ref={inputRef}
            placeholder={loading ? 'Loading…' : placeholder}
            aria-describedby={`${hintId} ${statusId}`}
            onFocus={cancelClose}
            onBlur={() => {
              if (open) closeSoon();
            }}
            bg="bg"
          />
          <Combobox.IndicatorGroup>
            <Combobox.Trigger />
          </Combobox.IndicatorGroup>
        </Combobox.Control>
        <Text id={hintId} textStyle="xs" color="fg.muted">
          {hint}
        </Text>
        <Text id={statusId} aria-live="polite" textStyle="xs" color="fg.muted" minH={status ? undefined : '0'}>
          {status}
        </Text>
        <Combobox.Positioner>
          <Combobox.Content maxH="20rem" overflowY="auto">
            <Combobox.Empty px="3" py="2" color="fg.muted">
              {loading ? 'Loading…' : 'No matches.'}
            </Combobox.Empty>
            {collection.items.map((option) => (
              <Combobox.Item key={option.value} item={option} alignItems="flex-start">
                <Box flex="1" minW="0">
                  <Text as="span" display="block" fontWeight="medium">
                    {option.label}
                    <CountText count={option.count} />
                  </Text>
                  {option.description ? (
                    <Text as="span" display="block" textStyle="xs" color="fg.muted" lineClamp={2}>
                      {option.description}
                    </Text>
                  ) : null}
                </Box>
                <Combobox.ItemIndicator />
              </Combobox.Item>
            ))}
          </Combobox.Content>
        </Combobox.Positioner>
      </Combobox.Root>
      {value.length > 0 ? (
        <HStack as="ul" aria-label={`Chosen ${label}`} wrap="wrap" gap="1.5" listStyleType="none" m="0" p="0">
          {value.map((chosen) => {
            const text = chipText(chosen);
            return (
              <li key={chosen}>
                <Tag.Root colorPalette="brand" variant="subtle" size="md" title={chipTitle?.(chosen)}>
                  <Tag.Label>{text}</Tag.Label>
                  <Tag.EndElement>
                    <Tag.CloseTrigger aria-label={`Remove ${text}`} onClick={() => remove(chosen)} />
                  </Tag.EndElement>
                </Tag.Root>
              </li>
            );
          })}
        </HStack>
      ) : null}
    </Stack>
  );
}
