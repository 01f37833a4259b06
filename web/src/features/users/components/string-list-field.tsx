import { Badge, Button, Fieldset, HStack, IconButton, Input, Text, Wrap } from '@chakra-ui/react';
import { XIcon } from 'lucide-react';
import { type KeyboardEvent, type Ref, useRef, useState } from 'react';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { FormField } from '../../../components/ui/form-field.tsx';

/**
 * A list of short names (roles, product subscriptions) as removable badges, with a
 * text box and an Add button (Enter adds too): the control of a react-hook-form
 * `Controller` over the list `name` (`items` its value, `onChange` its change,
 * `inputRef` its `ref`, so that a message about the list focuses the text box, under
 * which it shows). Removing moves the focus to the text box, so it is never lost.
 * `describe` adds a note to an entry (a role's scopes).
 */
export function StringListField<Values extends FieldValues>({
  name,
  legend,
  noun,
  items,
  onChange,
  inputRef,
  help,
  disabled,
  describe,
}: {
  name: FieldPath<Values>;
  legend: string;
  /** What one entry is called: "role" gives "New role", "Add role", "Remove role X". */
  noun: string;
  items: readonly string[];
  onChange: (items: string[]) => void;
  inputRef: Ref<HTMLInputElement>;
  help: string;
  disabled: boolean;
  describe?: (item: string) => string | null;
}) {
  const [text, setText] = useState('');
  const input = useRef<HTMLInputElement | null>(null);

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
        <FormField<Values> name={name} label={`New ${noun}`} hint={help}>
          {(control) => (
            <HStack w="full">
              <Input
                {...control}
                ref={(element) => {
                  input.current = element;
                  if (typeof inputRef === 'function') inputRef(element);
                  else if (inputRef) inputRef.current = element;
                }}
                value={text}
                autoComplete="off"
                onChange={(event) => setText(event.target.value)}
                onKeyDown={onKeyDown}
              />
              <Button type="button" variant="outline" onClick={add} disabled={!text.trim()}>
                Add {noun}
              </Button>
            </HStack>
          )}
        </FormField>
      </Fieldset.Content>
    </Fieldset.Root>
  );
}
