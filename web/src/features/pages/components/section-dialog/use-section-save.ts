import { useMutation } from '@tanstack/react-query';
import { type RefObject, useEffect, useRef, useState } from 'react';
import type { Page, PageSection } from '#shared/contracts/page';
import { announce } from '../../../../lib/announcer.tsx';
import { ApiError } from '../../../../lib/api-client.ts';
import { endsSession, reportError } from '../../../../lib/error-store.ts';
import { deleteFile, uploadFile } from '../../../../lib/file-uploads.ts';
import { createSection, deleteSection, updateSection } from '../../api/sections.ts';
import {
  errorsFromDetails,
  type FieldKey,
  type FormErrors,
  type SectionDraft,
  widgetKey,
} from '../../utils/section-form.ts';
import { pendingUploads, type SaveProgress, type SectionSaveSteps, saveSection } from '../../utils/section-save.ts';
import type { Focusable } from './form-parts.tsx';

/** A field (or `add`, the Add button) the section dialog can focus. */
export type FocusKey = FieldKey | 'add';

/**
 * The elements of the section dialog's fields by message key, and a way to focus
 * one once it is rendered (its widget panel may just have been expanded). The
 * `name` field is also `firstField`, the dialog's initial focus.
 */
export function useFieldFocus(firstField: RefObject<HTMLInputElement | null>): {
  register: (key: FocusKey) => (element: Focusable | null) => void;
  requestFocus: (key: FocusKey) => void;
} {
  const [focusRequest, setFocusRequest] = useState<{ key: FocusKey; n: number } | null>(null);
  const refs = useRef(new Map<FocusKey, Focusable>());

  useEffect(() => {
    if (!focusRequest) return;
    const focus = () => {
      const element = refs.current.get(focusRequest.key);
      element?.focus();
      // The rich text editor's handle is no element: its focus() is done when it returns.
      return element !== undefined && (!(element instanceof HTMLElement) || document.activeElement === element);
    };
    if (focus()) return;
    const frame = requestAnimationFrame(() => {
      if (!focus()) window.setTimeout(focus, 100);
    });
    return () => cancelAnimationFrame(frame);
  }, [focusRequest]);

  return {
    register: (key) => (element) => {
      if (element) refs.current.set(key, element);
      else refs.current.delete(key);
      if (key === 'name') firstField.current = element as HTMLInputElement | null;
    },
    requestFocus: (key) => setFocusRequest((current) => ({ key, n: (current?.n ?? 0) + 1 })),
  };
}

/** The network steps of a save of `section` (null: create) on `pageId`. */
function saveSteps(pageId: string, section: PageSection | null): SectionSaveSteps {
  return {
    upload: ({ file, kind }, { onStarted, onProgress }) =>
      uploadFile({ kind, name: file.name, type: file.type, size: file.size }, file, { onStarted, onProgress }),
    write: (body) =>
      section ? updateSection({ pageId, sectionId: section.id, body }) : createSection({ pageId, body }),
    deleteUpload: (fileId) => deleteFile({ id: fileId }),
  };
}

/**
 * The save of the section dialog (spec §4 "Saving", {@link saveSection}): `save`, run
 * with a draft that passed the form's checks, the upload progress while files go up,
 * and a 409's message (`clearConflict` drops it when a submit starts). `showErrors`
 * gets the messages to put under their fields: a refused upload's under its file
 * field, a 400's under the fields its details name (`errorsFromDetails`), the checks'
 * should the draft fail them after all. `busy` is true while the save runs.
 */
export function useSectionSave({
  page,
  section,
  busy,
  showErrors,
  clearErrors,
  onSaved,
}: {
  page: Page;
  section: PageSection | null;
  busy: RefObject<boolean>;
  showErrors: (errors: FormErrors) => void;
  clearErrors: () => void;
  onSaved: (page: Page) => void;
}): {
  save: (draft: SectionDraft) => Promise<void>;
  saving: boolean;
  progress: SaveProgress | null;
  conflict: string | null;
  clearConflict: () => void;
} {
  const [progress, setProgress] = useState<SaveProgress | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  /** The upload in progress, so a refused upload's message lands under its file field. */
  const uploading = useRef<FieldKey | null>(null);

  const mutation = useMutation({
    mutationFn: (saving: SectionDraft) => {
      const uploads = pendingUploads(saving);
      const steps = saveSteps(page.id, section);
      return saveSection(
        saving,
        section,
        {
          ...steps,
          upload: (request, callbacks) => {
            const upload = uploads.find((candidate) => candidate.file === request.file);
            uploading.current = upload ? widgetKey(upload.widgetIndex, `files.${upload.slot}`) : null;
            return steps.upload(request, callbacks);
          },
          write: (body) => {
            uploading.current = null;
            setProgress(null);
            return steps.write(body);
          },
        },
        { onProgress: setProgress },
      );
    },
    // A 400's field messages and a 409 show in the form; everything else goes to the ERROR dialog.
    meta: { handledStatuses: [400, 409] },
  });

  const failed = (error: unknown, draft: SectionDraft) => {
    setProgress(null);
    const failedUpload = uploading.current;
    uploading.current = null;
    // A 400 "jwt expired" ends the session (spec §8), which the handled statuses would hide.
    if (endsSession(error)) {
      if (error.statusCode === 400) reportError(error);
      return;
    }
    if (!(error instanceof ApiError)) return;
    if (error.statusCode === 409) {
      setConflict(error.message);
      return;
    }
    if (error.statusCode !== 400) return;
    const fromBody = error.details.some((detail) => detail.path.startsWith('body'));
    if (failedUpload && !fromBody) {
      const details = error.details.map((detail) => detail.message).join(' ');
      showErrors({ [failedUpload]: details || error.message });
      return;
    }
    showErrors(errorsFromDetails(draft, error.details, error.message));
  };

  const save = async (draft: SectionDraft) => {
    if (mutation.isPending) return;
    busy.current = true;
    try {
      const result = await mutation.mutateAsync(draft);
      busy.current = false;
      if (result.status === 'invalid') {
        showErrors(result.errors);
        return;
      }
      clearErrors();
      announce(section ? 'Section saved.' : 'Section added.');
      onSaved(result.page);
    } catch (error) {
      busy.current = false;
      failed(error, draft);
    }
  };

  return { save, saving: mutation.isPending, progress, conflict, clearConflict: () => setConflict(null) };
}

/**
 * The delete of a saved section (spec §4 "Section dialog": Delete asks for a ticked
 * confirmation): whether the confirmation is open, a 409's message, and its actions.
 */
export function useSectionDeletion({
  page,
  section,
  busy,
  onDeleted,
}: {
  page: Page;
  section: PageSection | null;
  busy: RefObject<boolean>;
  onDeleted: (page: Page) => void;
}) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const remove = useMutation({
    mutationFn: () => {
      if (!section) throw new Error('There is no saved section to delete.');
      return deleteSection({ pageId: page.id, sectionId: section.id });
    },
    meta: { handledStatuses: [409] },
  });
  return {
    open,
    error,
    pending: remove.isPending,
    start: () => {
      setError(null);
      setOpen(true);
    },
    close: () => {
      if (!remove.isPending) setOpen(false);
    },
    confirm: () => {
      setError(null);
      busy.current = true;
      remove.mutate(undefined, {
        onSuccess: (saved) => {
          busy.current = false;
          setOpen(false);
          announce('Section deleted.');
          onDeleted(saved);
        },
        onError: (failure) => {
          busy.current = false;
          if (failure instanceof ApiError && failure.statusCode === 409) setError(failure.message);
        },
      });
    },
  };
}
