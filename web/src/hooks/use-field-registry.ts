import { type RefObject, useRef } from 'react';

/** A form control the registry can focus. */
export type FocusableField = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/**
 * The form controls of a dialog by field name, so that the first invalid field can
 * take the focus (WCAG 2.2 AA; spec §4 "On failed validation, focus moves to the
 * first invalid field"). `register(field)` is the ref callback of a field's control;
 * the control of `initialField` is also put into `initialFocus`, the element the
 * dialog focuses when it opens. `focus(field)` focuses a field's control, if mounted.
 */
export function useFieldRegistry<F extends string>(
  initialField: F,
  initialFocus: RefObject<HTMLInputElement | null>,
): { register: (field: F) => (element: FocusableField | null) => void; focus: (field: F | null) => void } {
  const refs = useRef(new Map<F, FocusableField>());
  const register = (field: F) => (element: FocusableField | null) => {
    if (element) refs.current.set(field, element);
    else refs.current.delete(field);
    if (field === initialField) initialFocus.current = element as HTMLInputElement | null;
  };
  const focus = (field: F | null) => {
    if (field !== null) refs.current.get(field)?.focus();
  };
  return { register, focus };
}
