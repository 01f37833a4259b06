import {
  Alert,
  Button,
  Field,
  Heading,
  HStack,
  Input,
  NativeSelect,
  SimpleGrid,
  Stack,
  Textarea,
} from '@chakra-ui/react';
import { type FormEvent, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ALIAS_TAKEN_MESSAGE } from '#shared/contracts/content';
import {
  CONTENT_CATEGORIES,
  CONTENT_CATEGORY_LABELS,
  CONTENT_STATUS_LABELS,
  EDUCATION_LEVEL_LABELS,
  EDUCATION_LEVELS,
  EXPERIENCE_LEVEL_LABELS,
  EXPERIENCE_LEVELS,
} from '#shared/enums';
import { LIMITS } from '#shared/limits';
import { announce } from '../../../../lib/announcer.tsx';
import { ApiError } from '../../../../lib/api-client.ts';
import { useCreateContent } from '../../api/create-content.ts';
import { contentPath } from '../../utils/content-path.ts';
import {
  aliasFromName,
  type ContentDraft,
  createOf,
  type DraftErrors,
  type DraftField,
  draftFieldId,
  EDITABLE_STATUSES,
  type EditableStatus,
  emptyDraft,
  errorsFromServer,
  firstInvalid,
  validateDraft,
} from './content-draft.ts';
import { CheckboxGroup, ErrorText, focusField } from './content-edit-form.tsx';
import { KeywordInput } from './keyword-input.tsx';

/**
 * Creating mode of /courseware (spec §2.5 `creating=1`, §4 "Creating mode starts in
 * edit mode and adds a Learning Objectives section", §5 "Content editing"). The alias
 * follows the name until it is edited by hand; the status starts Unpublished. The
 * Learning Objectives are typed one per line and sent as a section (key
 * `learning-objectives`) holding them as an HTML list. Create POSTs the item and goes
 * to its page by id (the server may normalise the alias); field errors, the form's
 * and the server's, show under their fields and take the focus; a taken alias (409)
 * shows under the alias. Cancel hands back to `onCancel`.
 */
export function ContentCreateForm({ onCancel }: { onCancel: () => void }) {
  const navigate = useNavigate();
  const create = useCreateContent();
  const [draft, setDraft] = useState<ContentDraft>(emptyDraft);
  const [aliasEdited, setAliasEdited] = useState(false);
  const [objectives, setObjectives] = useState('');
  const [errors, setErrors] = useState<DraftErrors>({});
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const [focusRequest, setFocusRequest] = useState<{ field: DraftField } | null>(null);

  useEffect(() => {
    if (focusRequest) focusField(focusRequest.field);
  }, [focusRequest]);

  const update = <K extends keyof ContentDraft>(key: K, value: ContentDraft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));

  const changeName = (name: string) =>
    setDraft((current) => ({ ...current, name, ...(aliasEdited ? {} : { urlAlias: aliasFromName(name) }) }));

  const showErrors = (next: DraftErrors) => {
    setErrors(next);
    const first = firstInvalid(next);
    if (first) setFocusRequest({ field: first });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormErrors([]);
    const invalid = validateDraft(draft);
    if (firstInvalid(invalid)) {
      showErrors(invalid);
      return;
    }
    setErrors({});
    create.mutate(createOf(draft, objectives), {
      onSuccess: ({ id }) => {
        announce('Created');
        navigate(contentPath({ id, urlAlias: '' }));
      },
      onError: (error) => {
        if (!(error instanceof ApiError)) return;
        if (error.statusCode === 409 && error.message === ALIAS_TAKEN_MESSAGE) showErrors({ urlAlias: error.message });
        else if (error.statusCode === 409) setFormErrors([error.message]);
        else if (error.statusCode === 400) {
          const { errors: fieldErrors, rest } = errorsFromServer(error.details);
          setFormErrors(rest.length > 0 || !firstInvalid(fieldErrors) ? [error.message, ...rest] : []);
          showErrors(fieldErrors);
        }
      },
    });
  };

  return (
    <Stack gap="6">
      <Heading as="h2" size="2xl" id="content-create-heading">
        Add courseware
      </Heading>
      <Stack asChild gap="6">
        <form onSubmit={submit} noValidate aria-labelledby="content-create-heading">
          {formErrors.length > 0 ? (
            <Alert.Root status="error" role="alert">
              <Alert.Indicator />
              <Alert.Content>
                {formErrors.map((message) => (
                  <Alert.Description key={message}>{message}</Alert.Description>
                ))}
              </Alert.Content>
            </Alert.Root>
          ) : null}

          <Field.Root id={draftFieldId('name')} invalid={Boolean(errors.name)} required>
            <Field.Label>
              Name <Field.RequiredIndicator />
            </Field.Label>
            <Input value={draft.name} onChange={(event) => changeName(event.target.value)} />
            <ErrorText message={errors.name} />
          </Field.Root>

          <SimpleGrid columns={{ base: 1, md: 2 }} gap="6">
            <Field.Root id={draftFieldId('urlAlias')} invalid={Boolean(errors.urlAlias)}>
              <Field.Label>URL alias</Field.Label>
              <Input
                value={draft.urlAlias}
                onChange={(event) => {
                  setAliasEdited(true);
                  update('urlAlias', event.target.value);
                }}
              />
              <Field.HelperText>The address after /courseware/; follows the name until you edit it.</Field.HelperText>
              <ErrorText message={errors.urlAlias} />
            </Field.Root>
            <Field.Root id={draftFieldId('status')} invalid={Boolean(errors.status)}>
              <Field.Label>Status</Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field
                  value={draft.status}
                  onChange={(event) => update('status', event.target.value as EditableStatus)}
                >
                  {EDITABLE_STATUSES.map((status) => (
                    <option key={status} value={status}>
                      {CONTENT_STATUS_LABELS[status]}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              <ErrorText message={errors.status} />
            </Field.Root>
          </SimpleGrid>

          <Field.Root id={draftFieldId('description')} invalid={Boolean(errors.description)} required>
            <Field.Label>
              Description (HTML) <Field.RequiredIndicator />
            </Field.Label>
            <Textarea
              value={draft.description}
              onChange={(event) => update('description', event.target.value)}
              rows={10}
              fontFamily="mono"
              fontSize="sm"
            />
            <Field.HelperText>
              {draft.description.length} of {LIMITS.contentHtmlMaxChars} characters
            </Field.HelperText>
            <ErrorText message={errors.description} />
          </Field.Root>

          <Field.Root id={draftFieldId('learningObjectives')} invalid={Boolean(errors.learningObjectives)}>
            <Field.Label>Learning Objectives</Field.Label>
            <Textarea value={objectives} onChange={(event) => setObjectives(event.target.value)} rows={5} />
            <Field.HelperText>One objective per line.</Field.HelperText>
            <ErrorText message={errors.learningObjectives} />
          </Field.Root>

          <SimpleGrid columns={{ base: 1, md: 3 }} gap="6">
            <CheckboxGroup
              field="categories"
              legend="Categories"
              options={CONTENT_CATEGORIES}
              labels={CONTENT_CATEGORY_LABELS}
              value={draft.categories}
              onChange={(next) => update('categories', next)}
              error={errors.categories}
            />
            <CheckboxGroup
              field="educationLevels"
              legend="Education levels"
              options={EDUCATION_LEVELS}
              labels={EDUCATION_LEVEL_LABELS}
              value={draft.educationLevels}
              onChange={(next) => update('educationLevels', next)}
              error={errors.educationLevels}
            />
            <CheckboxGroup
              field="experienceLevels"
              legend="Experience levels"
              options={EXPERIENCE_LEVELS}
              labels={EXPERIENCE_LEVEL_LABELS}
              value={draft.experienceLevels}
              onChange={(next) => update('experienceLevels', next)}
              error={errors.experienceLevels}
            />
          </SimpleGrid>

          <KeywordInput
            id={draftFieldId('searchKeywords')}
            keywords={draft.searchKeywords}
            onChange={(next) => update('searchKeywords', next)}
            error={errors.searchKeywords}
          />

          <HStack gap="3">
            <Button type="submit" loading={create.isPending}>
              Create
            </Button>
            <Button variant="outline" onClick={onCancel} disabled={create.isPending}>
              Cancel
            </Button>
          </HStack>
        </form>
      </Stack>
    </Stack>
  );
}
