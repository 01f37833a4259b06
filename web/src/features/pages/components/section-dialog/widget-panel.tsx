import { Box, Button, Collapsible, Heading, HStack, Icon, Stack } from '@chakra-ui/react';
import { ChevronDownIcon } from 'lucide-react';
import { WIDGET_KIND_LABELS } from '#shared/contracts/page';
import {
  type FieldKey,
  type FileSlotDraft,
  type FormErrors,
  type WidgetDraft,
  type WidgetFieldName,
  widgetKey,
} from '../../utils/section-form.ts';
import { hasCounter, WIDGET_FIELDS } from '../../utils/widget-fields.ts';
import { CollectionsField } from './collections-field.tsx';
import { FileField } from './file-field.tsx';
import { type Register, SelectField, TextField } from './form-parts.tsx';

/** The name of a widget's panel: its kind and number ("Giant icon button 2"). */
export function widgetPanelName(widget: Pick<WidgetDraft, 'kind'>, index: number): string {
  return `${WIDGET_KIND_LABELS[widget.kind]} ${index + 1}`;
}

/**
 * One widget of the section dialog as a collapsible panel (an accordion item: a
 * heading holding the toggle button, `aria-expanded` set by Ark) with the form of
 * its kind (spec §5 "Widgets"): text fields with their limits (a counter where the
 * limit is long), the attribute choices, the file pickers and the collections widget's
 * picker of curated collections. A panel whose fields
 * have messages says so in its button. `onDelete` (absent while it is the only
 * widget) shows a Delete button.
 */
export function WidgetPanel({
  idBase,
  widget,
  index,
  open,
  onOpenChange,
  onFieldChange,
  onDelete,
  errors,
  register,
  setError,
  publicFilesBaseUrl,
}: {
  idBase: string;
  widget: WidgetDraft;
  index: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Sets the value of one of the widget's fields (its path in the widget). */
  onFieldChange: (field: WidgetFieldName, value: unknown) => void;
  onDelete: (() => void) | null;
  errors: FormErrors;
  register: (key: FieldKey) => Register;
  setError: (key: FieldKey, message: string | null) => void;
  publicFilesBaseUrl: string;
}) {
  const name = widgetPanelName(widget, index);
  const prefix = `widgets.${index}.`;
  const hasErrors = Object.entries(errors).some(([key, message]) => key.startsWith(prefix) && message !== undefined);
  const key = (field: WidgetFieldName) => widgetKey(index, field);
  const id = (field: string) => `${idBase}-w${index}-${field}`;

  return (
    <Collapsible.Root open={open} onOpenChange={(details) => onOpenChange(details.open)}>
      <Box borderWidth="1px" borderRadius="l2" borderColor={hasErrors ? 'border.error' : 'border'}>
        <HStack gap="2" px="2" py="1">
          <Heading as="h3" size="sm" flex="1" m="0">
            <Collapsible.Trigger asChild>
              <Button type="button" variant="ghost" width="full" justifyContent="flex-start" gap="2">
                <Icon
                  as={ChevronDownIcon}
                  aria-hidden="true"
                  transform={open ? 'rotate(0deg)' : 'rotate(-90deg)'}
                  transition="transform 0.15s"
                />
                {name}
                {hasErrors ? ' — has errors' : ''}
              </Button>
            </Collapsible.Trigger>
          </Heading>
          {onDelete ? (
            <Button type="button" size="sm" variant="outline" colorPalette="red" onClick={onDelete}>
              Delete {name.toLowerCase()}
            </Button>
          ) : null}
        </HStack>
        <Collapsible.Content>
          <Stack gap="4" px="4" pb="4" pt="2">
            {WIDGET_FIELDS[widget.kind].map((spec) => {
              if (spec.type === 'text') {
                return (
                  <TextField
                    key={spec.field}
                    id={id(spec.field)}
                    label={spec.label}
                    value={widget[spec.field]}
                    onChange={(value) => onFieldChange(spec.field, value)}
                    register={register(key(spec.field))}
                    name={key(spec.field)}
                    required={spec.required}
                    max={spec.max}
                    counter={hasCounter(spec)}
                    input={spec.input}
                    {...(spec.help ? { help: spec.help } : {})}
                  />
                );
              }
              if (spec.type === 'choice') {
                const value = widget.attributes[spec.attribute] ?? spec.defaultValue;
                const known = spec.options.some((option) => option.value === value);
                return (
                  <SelectField
                    key={spec.attribute}
                    id={id(spec.attribute)}
                    label={spec.label}
                    value={value}
                    options={known ? spec.options : [...spec.options, { value, label: value }]}
                    onChange={(next) => onFieldChange(`attributes.${spec.attribute}`, next)}
                    register={register(key(`attributes.${spec.attribute}`))}
                    name={key(`attributes.${spec.attribute}`)}
                    {...(spec.help ? { help: spec.help } : {})}
                  />
                );
              }
              if (spec.type === 'attribute') {
                return (
                  <TextField
                    key={spec.attribute}
                    id={id(spec.attribute)}
                    label={spec.label}
                    value={widget.attributes[spec.attribute] ?? spec.defaultValue}
                    onChange={(next) => onFieldChange(`attributes.${spec.attribute}`, next)}
                    register={register(key(`attributes.${spec.attribute}`))}
                    name={key(`attributes.${spec.attribute}`)}
                    max={spec.max}
                    {...(spec.help ? { help: spec.help } : {})}
                  />
                );
              }
              if (spec.type === 'collections') {
                return (
                  <CollectionsField
                    key={spec.attribute}
                    id={id(spec.attribute)}
                    name={key(`attributes.${spec.attribute}`)}
                    spec={spec}
                    value={widget.attributes[spec.attribute] ?? spec.defaultValue}
                    onChange={(next) => onFieldChange(`attributes.${spec.attribute}`, next)}
                    register={register(key(`attributes.${spec.attribute}`))}
                  />
                );
              }
              const slot: FileSlotDraft = widget.files[spec.slot] ?? { stored: null, picked: null, alt: '' };
              return (
                <FileField
                  key={spec.slot}
                  id={id(spec.slot)}
                  spec={spec}
                  slot={slot}
                  publicFilesBaseUrl={publicFilesBaseUrl}
                  onChange={(next) => onFieldChange(`files.${spec.slot}`, next)}
                  onAltChange={(alt) => onFieldChange(`files.${spec.slot}.alt`, alt)}
                  onProblem={(message) => setError(key(`files.${spec.slot}`), message)}
                  registerFile={register(key(`files.${spec.slot}`))}
                  registerAlt={register(key(`files.${spec.slot}.alt`))}
                  fileError={errors[key(`files.${spec.slot}`)]}
                  altName={key(`files.${spec.slot}.alt`)}
                />
              );
            })}
          </Stack>
        </Collapsible.Content>
      </Box>
    </Collapsible.Root>
  );
}
