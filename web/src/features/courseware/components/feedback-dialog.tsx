import { Alert, Button, CloseButton, Dialog, Field, HStack, Input, Portal, Text, Textarea } from '@chakra-ui/react';
import { MessageSquareIcon } from 'lucide-react';
import { type FormEvent, useMemo, useRef, useState } from 'react';
import { can } from '#shared/capabilities';
import type { Content } from '#shared/contracts/content';
import {
  FEEDBACK_MESSAGE_TOO_LONG,
  FEEDBACK_SCREENSHOT_EXTENSIONS,
  type SendContentFeedbackRequest,
  type SentContentFeedback,
  screenshotProblem,
} from '#shared/contracts/feedback';
import { FEEDBACK_SCREENSHOT_RULE } from '#shared/contracts/file';
import { LIMITS } from '#shared/limits';
import { useRevalidation } from '../../../hooks/use-revalidation.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/auth/session-store.ts';
import { readAsBase64, useSendContentFeedback } from '../api/send-content-feedback.ts';

type FeedbackField = 'message' | 'screenshot';
type FeedbackErrors = Partial<Record<FeedbackField, string>>;

const MAX_CHARS = LIMITS.feedbackMessageMaxChars;
const ACCEPT = FEEDBACK_SCREENSHOT_EXTENSIONS.join(',');
const SIZE_LABEL = `${FEEDBACK_SCREENSHOT_RULE.maxBytes.toLocaleString('en-US')} bytes`;

/** Errors of the message field (spec §5: required, at most 1000 characters). */
export function messageProblem(message: string): string | null {
  if (message.trim() === '') return 'Is required.';
  if (message.trim().length > MAX_CHARS) return FEEDBACK_MESSAGE_TOO_LONG;
  return null;
}

/** Field errors of a 400, by the dialog's field (`body.message`, `body.screenshot.*`). */
function errorsFromServer(error: unknown): FeedbackErrors | null {
  if (!(error instanceof ApiError) || error.statusCode !== 400 || error.details.length === 0) return null;
  const errors: FeedbackErrors = {};
  for (const detail of error.details) {
    const field: FeedbackField = detail.path.startsWith('body.screenshot') ? 'screenshot' : 'message';
    errors[field] ??= detail.message;
  }
  return errors;
}

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
  const [message, setMessage] = useState('');
  const [screenshot, setScreenshot] = useState<File | null>(null);
  const [errors, setErrors] = useState<FeedbackErrors>({});
  const values = useMemo(() => ({ message }), [message]);
  useRevalidation(values, setErrors, (current: { message: string }): FeedbackErrors => {
    const problem = messageProblem(current.message);
    return problem ? { message: problem } : {};
  });
  const [sent, setSent] = useState<SentContentFeedback | null>(null);
  const [reading, setReading] = useState(false);
  const messageRef = useRef<HTMLTextAreaElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const mutation = useSendContentFeedback();

  const focusFirstInvalid = (found: FeedbackErrors) => {
    if (found.message) messageRef.current?.focus();
    else if (found.screenshot) fileRef.current?.focus();
  };

  const chooseFile = (file: File | undefined) => {
    if (!file) return;
    const problem = screenshotProblem(file);
    if (problem) {
      // Spec §5: a refused file is dropped and its message shown.
      if (fileRef.current) fileRef.current.value = '';
      setScreenshot(null);
      setErrors((current) => ({ ...current, screenshot: problem }));
      return;
    }
    setScreenshot(file);
    setErrors(({ screenshot: _dropped, ...rest }) => rest);
  };

  const removeFile = () => {
    if (fileRef.current) fileRef.current.value = '';
    setScreenshot(null);
    fileRef.current?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending || reading) return;
    const found: FeedbackErrors = {};
    const messageError = messageProblem(message);
    if (messageError) found.message = messageError;
    const screenshotError = screenshot ? screenshotProblem(screenshot) : null;
    if (screenshotError) found.screenshot = screenshotError;
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid(found);
      return;
    }
    const body: SendContentFeedbackRequest = { message: message.trim() };
    if (screenshot) {
      setReading(true);
      try {
        body.screenshot = { name: screenshot.name, type: screenshot.type, data: await readAsBase64(screenshot) };
      } catch {
        setErrors({ screenshot: 'The file could not be read. Choose it again.' });
        fileRef.current?.focus();
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
          const fromServer = errorsFromServer(error);
          if (!fromServer) return;
          setErrors(fromServer);
          focusFirstInvalid(fromServer);
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
    <form onSubmit={submit} noValidate aria-label="Send feedback">
      <Dialog.Header>
        <Dialog.Title>Send feedback</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body display="flex" flexDirection="column" gap="5">
        <Dialog.Description>Tell the courseware team what to fix or improve in “{content.name}”.</Dialog.Description>
        <Field.Root invalid={Boolean(errors.message)} required>
          <Field.Label>
            Message <Field.RequiredIndicator />
          </Field.Label>
          <Textarea ref={messageRef} value={message} rows={6} onChange={(event) => setMessage(event.target.value)} />
          <Field.HelperText>
            {message.trim().length} of {MAX_CHARS} characters
          </Field.HelperText>
          {errors.message ? <Field.ErrorText role="alert">{errors.message}</Field.ErrorText> : null}
        </Field.Root>
        <Field.Root invalid={Boolean(errors.screenshot)}>
          <Field.Label>Screenshot (optional)</Field.Label>
          <Input
            ref={fileRef}
            type="file"
            accept={ACCEPT}
            p="1.5"
            onChange={(event) => chooseFile(event.target.files?.[0])}
          />
          <Field.HelperText>
            {FEEDBACK_SCREENSHOT_EXTENSIONS.join(', ')}; at most {SIZE_LABEL}.
          </Field.HelperText>
          {errors.screenshot ? <Field.ErrorText role="alert">{errors.screenshot}</Field.ErrorText> : null}
        </Field.Root>
        {screenshot ? (
          <HStack gap="3">
            <Text>
              Attached: {screenshot.name} ({screenshot.size.toLocaleString('en-US')} bytes)
            </Text>
            <Button size="xs" variant="ghost" onClick={removeFile}>
              Remove screenshot
            </Button>
          </HStack>
        ) : null}
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
  );
}
