import { Box, Combobox, createListCollection, Stack, Text } from '@chakra-ui/react';
import { type Ref, useDeferredValue, useEffect, useId, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { Contributor } from '#shared/contracts/contributor';
import { COMBOBOX_CLOSE_DELAY_MS, COMBOBOX_MATCH_LIMIT } from '../../../components/ui/multi-combobox.tsx';
import { type IndexedOption, indexOptions, matchOptions } from '../../../components/ui/option-match.ts';
import { useContributors } from '../api/get-contributors.ts';
import { contributorOptions } from './contributor-picker.tsx';

const LABEL = 'Add existing contributor';

/**
 * A searchable combo box (WAI-ARIA combobox with a listbox) over every contributor
 * but those in `exclude` (ids): typing filters by name, title and school; arrow keys
 * move, Enter adds the highlighted contributor and empties the field, Escape
 * closes; the list closes 200 ms after focus leaves (spec §9).
 */
export function AddContributorCombobox({
  exclude,
  onAdd,
  inputRef,
}: {
  exclude: ReadonlySet<string>;
  onAdd: (contributor: Contributor) => void;
  inputRef?: Ref<HTMLInputElement> | undefined;
}) {
  const id = useId();
  const contributors = useContributors();
  const data = contributors.data;
  const loading = contributors.isPending;
  const [inputValue, setInputValue] = useState('');
  const [open, setOpen] = useState(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const byId = useMemo(() => new Map((data ?? []).map((contributor) => [contributor.id, contributor])), [data]);
  const indexed = useMemo(
    () => indexOptions(contributorOptions((data ?? []).filter((contributor) => !exclude.has(contributor.id)))),
    [data, exclude],
  );
  const query = useDeferredValue(inputValue);
  const matches = useMemo(() => matchOptions(indexed, query, COMBOBOX_MATCH_LIMIT), [indexed, query]);
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

  let status = '';
  if (open && !loading) {
    if (matches.total > matches.items.length) {
      status = `Showing ${matches.items.length} of ${matches.total.toLocaleString('en-US')} matches. Type to narrow.`;
    } else if (query.trim()) {
      status = `${matches.total} ${matches.total === 1 ? 'match' : 'matches'}.`;
    }
  }

  return (
    <Stack
      gap="1"
      onKeyDown={(event) => {
        // Enter picks from the list (the combobox has handled it by now); it must never submit the content form around it.
        if (event.key === 'Enter' && event.target instanceof HTMLInputElement) event.preventDefault();
      }}
    >
      <Combobox.Root
        collection={collection}
        value={[]}
        onValueChange={(details) => {
          const chosen = byId.get(details.value[0] ?? '');
          if (chosen) onAdd(chosen);
        }}
        selectionBehavior="clear"
        openOnClick
        inputBehavior="autohighlight"
        inputValue={inputValue}
        onInputValueChange={(details) => {
          // As in MultiCombobox: rendered at once, so a slow render cannot lose keystrokes.
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
        translations={{ triggerLabel: 'Show contributors' }}
        lazyMount
        unmountOnExit
        size="sm"
      >
        <Combobox.Label fontWeight="semibold">{LABEL}</Combobox.Label>
        <Combobox.Control>
          <Combobox.Input
            ref={inputRef}
            placeholder={loading ? 'Loading…' : 'Type a name or a school'}
            aria-describedby={`${id}-hint ${id}-status`}
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
        <Text id={`${id}-hint`} textStyle="xs" color="fg.muted">
          Contributors already on this item are not listed.
        </Text>
        <Text id={`${id}-status`} aria-live="polite" textStyle="xs" color="fg.muted">
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
                  </Text>
                  {option.description ? (
                    <Text as="span" display="block" textStyle="xs" color="fg.muted" lineClamp={2}>
                      {option.description}
                    </Text>
                  ) : null}
                </Box>
              </Combobox.Item>
            ))}
          </Combobox.Content>
        </Combobox.Positioner>
      </Combobox.Root>
    </Stack>
  );
}
