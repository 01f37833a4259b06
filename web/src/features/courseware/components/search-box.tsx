import { Button, chakra, HStack, Text, useRecipe } from '@chakra-ui/react';
import { SearchIcon, XIcon } from 'lucide-react';
import { type FormEvent, type ReactNode, type RefObject, useId, useState } from 'react';
import { SEARCH_MAX_CHARS_MESSAGE } from '#shared/contracts/search';
import { validateSearchText } from '#shared/courseware-search';
import { LIMITS } from '#shared/limits';

function messageOf(text: string): string | null {
  const result = validateSearchText(text);
  return result.ok ? null : result.message;
}

/**
 * The search box of /courseware (spec §2.5, §5): a labelled search field that
 * searches on Enter or with the Search button, never on every keystroke. Text
 * of one character shows "Please enter at least two characters." under the field
 * (an alert, tied to the field by `aria-describedby`, field marked invalid);
 * the field takes at most 256 characters and says so when full. Clear empties the
 * field and drops the text from the search. `q` is the text of the search on
 * screen; the field follows it when the address changes (back, forward).
 */
export function SearchBox({
  q,
  onSearch,
  inputRef,
  children,
}: {
  q: string;
  /** Called with valid, trimmed text ('' for none) when it differs from `q`. */
  onSearch: (text: string) => void;
  inputRef?: RefObject<HTMLInputElement | null>;
  /** Controls shown after the buttons (the Filters toggle). */
  children?: ReactNode;
}) {
  const id = useId();
  const inputId = `${id}-input`;
  const messageId = `${id}-message`;
  const [text, setText] = useState(q);
  const [message, setMessage] = useState<string | null>(() => messageOf(q));
  const [shownQ, setShownQ] = useState(q);
  if (shownQ !== q) {
    // The address changed (back, forward, a link): show its text.
    setShownQ(q);
    setText(q);
    setMessage(messageOf(q));
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateSearchText(text);
    if (!result.ok) {
      setMessage(result.message);
      inputRef?.current?.focus();
      return;
    }
    setMessage(null);
    setText(result.text);
    if (result.text !== q) onSearch(result.text);
  };

  const clear = () => {
    setText('');
    setMessage(null);
    inputRef?.current?.focus();
    if (q) onSearch('');
  };

  // The input recipe on a plain input: Chakra's Input would bring Ark's field machinery
  // into the first render for nothing this form uses.
  const inputStyles = useRecipe({ key: 'input' })({ size: 'md', variant: 'outline' });
  const full = text.length >= LIMITS.searchMaxChars;
  const shownMessage = message ?? (full ? SEARCH_MAX_CHARS_MESSAGE : null);

  return (
    <chakra.form role="search" aria-label="Courseware search" onSubmit={submit} noValidate>
      <chakra.label htmlFor={inputId} display="block" fontWeight="semibold" mb="1.5">
        Search courseware
      </chakra.label>
      <HStack gap="2" align="flex-start" wrap="wrap">
        <chakra.input
          ref={inputRef}
          css={inputStyles}
          id={inputId}
          type="search"
          name="q"
          value={text}
          maxLength={LIMITS.searchMaxChars}
          autoComplete="off"
          placeholder="Topic, tool or lab, e.g. buffer overflow"
          aria-invalid={message ? true : undefined}
          aria-describedby={shownMessage ? messageId : undefined}
          onChange={(event) => {
            setText(event.target.value);
            if (message) setMessage(messageOf(event.target.value));
          }}
          flex="1 1 18rem"
          minW="0"
          bg="bg"
        />
        <HStack gap="2">
          <Button type="submit" colorPalette="brand">
            <SearchIcon aria-hidden="true" />
            Search
          </Button>
          {text || q ? (
            <Button type="button" variant="ghost" onClick={clear}>
              <XIcon aria-hidden="true" />
              Clear
            </Button>
          ) : null}
          {children}
        </HStack>
      </HStack>
      {shownMessage ? (
        <Text
          id={messageId}
          role={message ? 'alert' : 'status'}
          color={message ? 'fg.error' : 'fg.muted'}
          textStyle="sm"
          mt="1.5"
        >
          {shownMessage}
        </Text>
      ) : null}
    </chakra.form>
  );
}
