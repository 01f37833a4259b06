import { Alert, Button, CloseButton, Dialog, HStack, Input, Portal, Text, Textarea } from '@chakra-ui/react';
import { MessageSquareIcon } from 'lucide-react';
import { useRef, useState } from 'react';
import { FormProvider, useController, useFormContext } from 'react-hook-form';
import * as z from 'zod';
import { can } from '#shared/capabilities';
import type { Content } from '#shared/contracts/content';
import {
  FEEDBACK_SCREENSHOT_EXTENSIONS,
  SendContentFeedbackRequest,
  type SentContentFeedback,
  screenshotProblem,
} from '#shared/contracts/feedback';
import { FEEDBACK_SCREENSHOT_RULE } from '#shared/contracts/file';
import { LIMITS } from '#shared/limits';
import { CharacterCount } from '../../../components/ui/character-count.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/auth/session-store.ts';
import { applyServerErrors, formValue, useZodForm } from '../../../lib/forms/zod-form.ts';
import { readAsBase64, useSendContentFeedback } from '../api/send-content-feedback.ts';

const MAX_CHARS = LIMITS.feedbackMessageMaxChars;
const ACCEPT = FEEDBACK_SCREENSHOT_EXTENSIONS.join(',');
const SIZE_LABEL = `${FEEDBACK_SCREENSHOT_RULE.maxBytes.toLocaleString('en-US')} bytes`;
const READ_FAILED = 'The file could not be read. Choose it again.';

/**
 * The dialog's check (spec §5 "Content feedback"): the contract's message (required,
 * at most 1000 characters) and the chosen screenshot, if any, by its name, type and size.
 */
const FeedbackFormSchema = z.object({
  message: SendContentFeedbackRequest.shape.message,
  screenshot: formValue<File | null>().superRefine((file, context) => {
    const problem = file ? screenshotProblem(file) : null;
    if (problem) context.addIssue({ code: 'custom', message: problem });
  }),
});
type Values = z.input<typeof FeedbackFormSchema>;
const FIELDS = ['message', 'screenshot'] as const;

/**
 * The "Send feedback" button of the content detail screen (spec §2.6) and its
 * dialog, for readers with the send-content-feedback capability (spec §6); nobody
 * else sees it (decision record 018).
 */
export function FeedbackButton({ content }: { content: Pick<Content, 'id' | 'name'> }) {
  const { principal } = useSession();
  const [open, setOpen] = useState(false);
  if (!can(principal, 'sendContentFeedback')) return null;
  return (
    <Dialog.Root open={open} onOpenChange={(details) => setOpen(details.open)} lazyMount unmountOnExit>
      <Dialog.Trigger asChild>
        <Button variant="outline" size="sm" alignSelf="flex-start">
          <MessageSquareIcon aria-hidden="true" />
          Send feedback
        </Button>
      </Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <FeedbackForm content={content} onClose={() => setOpen(false)} />
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/**
 * The feedback form (spec §5 "Content feedback"): a message of at most 1000
 * characters with a counter, and an optional screenshot (.jpg, .jpeg, .png, .gif, at
 * most 1,000,000 bytes; another file is dropped with its message). Errors show under
 * their fields as alerts; on submit the first invalid field takes the focus and
 * nothing is sent until the form is valid. Mounted with the dialog, so each opening
 * starts empty.
 */
export function FeedbackForm({ content, onClose }: { content: Pick<Content, 'id' | 'name'>; onClose: () => void }) {
  const form = useZodForm(FeedbackFormSchema, { message: '', screenshot: null });
  const [sent, setSent] = useState<SentContentFeedback | null>(null);
  const [reading, setReading] = useState(false);
  const mutation = useSendContentFeedback();

  const send = async ({ message, screenshot }: z.output<typeof FeedbackFormSchema>) => {
    const body: SendContentFeedbackRequest = { message };
    if (screenshot) {
      setReading(true);
      try {
        body.screenshot = { name: screenshot.name, type: screenshot.type, data: await readAsBase64(screenshot) };
      } catch {
        form.setError('screenshot', { type: 'read', message: READ_FAILED }, { shouldFocus: true });
        return;
      } finally {
        setReading(false);
      }
    }
    mutation.mutate(
      { contentId: content.id, body },
      {
        onSuccess: setSent,
        onError: (error) => {
          if (applyServerErrors(error, form.setError, FIELDS)) return;
          // A 400 about another part of the body is shown under the message.
          if (error instanceof ApiError && error.statusCode === 400 && error.details[0]) {
            form.setError('message', { type: 'server', message: error.details[0].message }, { shouldFocus: true });
          }
        },
      },
    );
  };

  if (sent) {
    return (
      <>
        <Dialog.Header>
          <Dialog.Title>Feedback sent</Dialog.Title>
        </Dialog.Header>
        <Dialog.Body>
          <Alert.Root status="success" role="status">
            <Alert.Indicator />
            <Alert.Title>
              {sent.emailStatus === 'sent'
                ? 'Thank you. Your feedback was sent to the courseware team.'
                : 'Thank you. Your feedback was saved; the e-mail to the courseware team will follow.'}
            </Alert.Title>
          </Alert.Root>
        </Dialog.Body>
        <Dialog.Footer>
          <Button colorPalette="brand" onClick={onClose}>
            Close
          </Button>
        </Dialog.Footer>
      </>
    );
  }

  const pending = mutation.isPending || reading;
  return (
    <FormProvider {...form}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!pending) void form.handleSubmit(send)(event);
        }}
        noValidate
        aria-label="Send feedback"
      >
        <Dialog.Header>
          <Dialog.Title>Send feedback</Dialog.Title>
        </Dialog.Header>
        <Dialog.Body display="flex" flexDirection="column" gap="5">
          <Dialog.Description>Tell the courseware team what to fix or improve in “{content.name}”.</Dialog.Description>
          <FormField<Values>
            name="message"
            label="Message"
            required
            hint={<CharacterCount<Values> name="message" max={MAX_CHARS} />}
          >
            {(control) => <Textarea {...control} rows={6} {...form.register('message')} />}
          </FormField>
          <ScreenshotField />
        </Dialog.Body>
        <Dialog.Footer>
          <Button variant="outline" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" colorPalette="brand" loading={pending} loadingText="Sending…">
            Send
          </Button>
        </Dialog.Footer>
      </form>
    </FormProvider>
  );
}

/**
 * The optional screenshot (spec §5): a file picker through a `Controller`. A refused
 * file is dropped at once with its message; "Remove screenshot" drops the kept one
 * and gives the focus back to the picker.
 */
function ScreenshotField() {
  const { control, setValue, setError, clearErrors } = useFormContext<Values>();
  const { field } = useController({ control, name: 'screenshot' });
  const input = useRef<HTMLInputElement | null>(null);
  const screenshot = field.value;

  const choose = (file: File | undefined) => {
    if (!file) return;
    const problem = screenshotProblem(file);
    if (problem) {
      // Spec §5: a refused file is dropped and its message shown.
      if (input.current) input.current.value = '';
      setValue('screenshot', null);
      setError('screenshot', { type: 'file', message: problem });
      return;
    }
    setValue('screenshot', file);
    clearErrors('screenshot');
  };

  const remove = () => {
    if (input.current) input.current.value = '';
    setValue('screenshot', null);
    input.current?.focus();
  };

  return (
    <>
      <FormField<Values>
        name="screenshot"
        label="Screenshot (optional)"
        hint={`${FEEDBACK_SCREENSHOT_EXTENSIONS.join(', ')}; at most ${SIZE_LABEL}.`}
      >
        {(described) => (
          <Input
            {...described}
            ref={(element) => {
              input.current = element;
              field.ref(element);
            }}
            name={field.name}
            onBlur={field.onBlur}
            type="file"
            accept={ACCEPT}
            p="1.5"
            onChange={(event) => choose(event.target.files?.[0])}
          />
        )}
      </FormField>
      {screenshot ? (
        <HStack gap="3">
          <Text>
            Attached: {screenshot.name} ({screenshot.size.toLocaleString('en-US')} bytes)
          </Text>
          <Button size="xs" variant="ghost" onClick={remove}>
            Remove screenshot
          </Button>
        </HStack>
      ) : null}
    </>
  );
}
