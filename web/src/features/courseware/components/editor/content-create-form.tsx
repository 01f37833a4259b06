import { Heading, Stack, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { ALIAS_TAKEN_MESSAGE } from '#shared/contracts/content';
import { announce } from '../../../../lib/announcer.tsx';
import { ApiError } from '../../../../lib/api-client.ts';
import { contentPath } from '../../utils/content-path.ts';
import { aliasFromName, emptyDraft, learningObjectivesHtml } from './content-draft.ts';
import { BasicFields, EditorField } from './content-fields.tsx';
import { DraftSections } from './draft-sections.tsx';
import { FormErrorsAlert, SubmitCancelButtons } from './form-parts.tsx';
import { useDraftForm } from './use-draft-form.ts';
import { useSaveContent } from './use-save-content.ts';

/**
 * Creating mode of /courseware (spec §2.5 `creating=1`, §4 "Creating mode starts in
 * edit mode and adds a Learning Objectives section", §5 "Content editing"). The alias
 * follows the name until it is edited by hand; the status starts Unpublished. The
 * Learning Objectives are typed one per line and sent as the first section (key
 * `learning-objectives`) holding them as an HTML list. Create uploads the new
 * portraits and files and sends one save without an id ({@link useSaveContent}), with
 * the children, sections, files, contributors, knowledge lists and last-curated dates
 * (the fields of the edit form: issue 21 item 17), then goes to the new item's alias
 * address as the server stored it (`/courseware/<urlAlias>`). Field errors, the
 * form's and the server's, show under their fields and take the focus; a taken alias
 * (409) shows under the alias. Cancel hands back to `onCancel`.
 */
export function ContentCreateForm({ onCancel }: { onCancel: () => void }) {
  const navigate = useNavigate();
  const save = useSaveContent(null);
  const [aliasEdited, setAliasEdited] = useState(false);
  const [objectives, setObjectives] = useState('');
  const { form, draft, update, errors, formErrors, setFormErrors, showErrors, submit, showServerErrors } =
    useDraftForm(emptyDraft);
  const fields = { draft, update, errors };
  const busy = save.isPending;

  const changeName = (name: string) => {
    update('name', name);
    if (!aliasEdited) update('urlAlias', aliasFromName(name));
  };

  const create = submit(busy, (draft) =>
    save.mutate(
      { draft, learningObjectives: objectives },
      {
        onSuccess: ({ content }) => {
          announce('Created');
          // The alias address, as the server stored it (spec §2.6; decision record 005).
          navigate(contentPath(content));
        },
        onError: (error) => {
          if (!(error instanceof ApiError)) return;
          if (error.statusCode === 409 && error.message === ALIAS_TAKEN_MESSAGE)
            showErrors({ urlAlias: error.message });
          else if (error.statusCode === 409) setFormErrors([error.message]);
          else if (error.statusCode === 400)
            showServerErrors(error, { sectionOffset: learningObjectivesHtml(objectives) ? 1 : 0 });
        },
      },
    ),
  );

  return (
    <Stack gap="6">
      <Heading as="h2" size="2xl" id="content-create-heading">
        Add courseware
      </Heading>
      <Stack asChild gap="8">
        <FormProvider {...form}>
          <form onSubmit={create} noValidate aria-labelledby="content-create-heading">
            <FormErrorsAlert messages={formErrors} />

            <BasicFields
              {...fields}
              aliasHelp="The address after /courseware/; follows the name until you edit it."
              descriptionRows={10}
              onNameChange={changeName}
              onAliasChange={(alias) => {
                setAliasEdited(true);
                update('urlAlias', alias);
              }}
            />

            <EditorField name="learningObjectives" label="Learning Objectives" hint="One objective per line.">
              {(described) => (
                <Textarea
                  {...described}
                  value={objectives}
                  onChange={(event) => setObjectives(event.target.value)}
                  rows={5}
                />
              )}
            </EditorField>

            <DraftSections {...fields} busy={busy} progress={save.progress} />

            <SubmitCancelButtons label="Create" pending={busy} onCancel={onCancel} />
          </form>
        </FormProvider>
      </Stack>
    </Stack>
  );
}
