import { Badge, Button, Field, Fieldset, HStack, IconButton, Input, Text, Wrap } from '@chakra-ui/react';
import { XIcon } from 'lucide-react';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { FieldErrorText, fieldIds } from '../../../components/ui/field-parts.tsx';

/**
 * A list of short names (roles, product subscriptions) as removable badges, with a
 * text box and an Add button (Enter adds too). Removing moves the focus to the text
 * box, so it is never lost. `describe` adds a note to an entry (a role's scopes).
 */
export function StringListField({
  legend,
  noun,
  items,
  onChange,
  help,
  error,
  disabled,
  describe,
}: {
  legend: string;
  /** What one entry is called: "role" gives "New role", "Add role", "Remove role X". */
  noun: string;
  items: readonly string[];
  onChange: (items: string[]) => void;
  help: string;
  error: string | undefined;
  disabled: boolean;
  describe?: (item: string) => string | null;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const { ids, describedBy } = fieldIds(`${id}-new`, { help: true, error: Boolean(error) });

  const add = () => {
    const value = text.trim();
    if (!value) return;
    if (!items.includes(value)) onChange([...items, value]);
    setText('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      add();
    }
  };

  return (
    <Fieldset.Root disabled={disabled}>
      <Fieldset.Legend>{legend}</Fieldset.Legend>
      <Fieldset.Content>
        {items.length === 0 ? (
          <Text color="fg.muted">None.</Text>
        ) : (
          <Wrap as="ul" gap="2" listStyleType="none" aria-label={legend}>
            {items.map((item) => {
              const note = describe?.(item);
              return (
                <HStack as="li" key={item} gap="1">
                  <Badge size="lg" variant="surface">
                    {item}
                    {note ? ` (${note})` : ''}
                  </Badge>
                  <IconButton
                    size="2xs"
                    variant="ghost"
                    aria-label={`Remove ${noun} ${item}`}
                    onClick={() => {
                      onChange(items.filter((other) => other !== item));
                      input.current?.focus();
                    }}
                  >
                    <XIcon aria-hidden="true" />
                  </IconButton>
                </HStack>
              );
            })}
          </Wrap>
        )}
        <Field.Root ids={ids} invalid={Boolean(error)}>
          <Field.Label>New {noun}</Field.Label>
          <HStack w="full">
            <Input
              ref={input}
              value={text}
              aria-describedby={describedBy}
              autoComplete="off"
              onChange={(event) => setText(event.target.value)}
              onKeyDown={onKeyDown}
            />
            <Button type="button" variant="outline" onClick={add} disabled={!text.trim()}>
              Add {noun}
            </Button>
          </HStack>
          <Field.HelperText>{help}</Field.HelperText>
          <FieldErrorText message={error} />
        </Field.Root>
      </Fieldset.Content>
    </Fieldset.Root>
  );
}
