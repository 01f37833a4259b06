import { Button, Field, HStack, IconButton, Input, Tag } from '@chakra-ui/react';
import { PlusIcon, XIcon } from 'lucide-react';
import { useState } from 'react';
import { LIMITS } from '#shared/limits';
import { announce } from '../../../../lib/announcer.tsx';
import { addKeyword } from './content-draft.ts';

/**
 * The search keywords chips input (spec §4 "Search keywords", §5 "Content editing"):
 * Enter or the add icon adds the typed keyword, sanitised and trimmed; a duplicate
 * (case-insensitive) is ignored; one over 50 characters is refused with a message
 * under the field; at 20 keywords the field is disabled. Each chip has a remove button.
 */
export function KeywordInput({
  id,
  keywords,
  onChange,
  error,
}: {
  id: string;
  keywords: readonly string[];
  onChange: (keywords: string[]) => void;
  error?: string | undefined;
}) {
  const [text, setText] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const full = keywords.length >= LIMITS.tagMaxCount;
  const message = refusal ?? error;

  const add = () => {
    const outcome = addKeyword(keywords, text);
    if (outcome.kind === 'refused') {
      setRefusal(outcome.message);
      return;
    }
    setRefusal(null);
    setText('');
    if (outcome.kind === 'added') {
      onChange(outcome.keywords);
      announce(`Keyword added. ${outcome.keywords.length} of ${LIMITS.tagMaxCount}.`);
    } else if (text.trim()) {
      announce('That keyword is already there.');
    }
  };

  return (
    <Field.Root id={id} invalid={Boolean(message)}>
      <Field.Label>Search keywords</Field.Label>
      {keywords.length > 0 ? (
        <HStack as="ul" aria-label="Search keywords" wrap="wrap" gap="2" listStyleType="none" m="0" p="0" mb="2">
          {keywords.map((keyword) => (
            <li key={keyword}>
              <Tag.Root colorPalette="brand" variant="subtle" size="lg">
                <Tag.Label>{keyword}</Tag.Label>
                <Tag.EndElement>
                  <Button
                    size="2xs"
                    variant="ghost"
                    px="0"
                    minW="auto"
                    aria-label={`Remove keyword ${keyword}`}
                    onClick={() => {
                      onChange(keywords.filter((kept) => kept !== keyword));
                      setRefusal(null);
                      announce(`Keyword ${keyword} removed.`);
                    }}
                  >
                    <XIcon aria-hidden="true" />
                  </Button>
                </Tag.EndElement>
              </Tag.Root>
            </li>
          ))}
        </HStack>
      ) : null}
      <HStack gap="2" width="full">
        <Input
          value={text}
          disabled={full}
          onChange={(event) => {
            setText(event.target.value);
            if (refusal) setRefusal(null);
          }}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            add();
          }}
        />
        <IconButton aria-label="Add keyword" variant="outline" disabled={full} onClick={add}>
          <PlusIcon aria-hidden="true" />
        </IconButton>
      </HStack>
      <Field.HelperText>
        {full
          ? `The maximum of ${LIMITS.tagMaxCount} keywords is reached. Remove one to add another.`
          : `Press Enter or the add button. Up to ${LIMITS.tagMaxCount} keywords of ${LIMITS.tagMaxChars} characters.`}
      </Field.HelperText>
      {message ? <Field.ErrorText role="alert">{message}</Field.ErrorText> : null}
    </Field.Root>
  );
}
