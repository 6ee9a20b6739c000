import { useLayoutEffect, useRef } from 'react';

/**
 * A ref for a form (or a single field) of a page rendered at build time, whose state must take over what the
 * visitor typed before the app adopted the page (a login or registration form, a search box). The fields show
 * that text, but the app's state still holds the rendered values: React keeps a field's content when it adopts
 * the markup (hydration), yet its next render of the field would write the state back over it. So in the commit
 * that adopts the fields (a layout effect: before any other render, and only once they are React's; a page's
 * content may be adopted later than the app around it), each field whose content differs from what was
 * rendered reports it as a change, as typing does. Rendered in the browser, the fields hold what was rendered:
 * nothing happens.
 */
export function useTypedBeforeStart<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useLayoutEffect(() => {
    if (ref.current) passOnTypedValues(ref.current);
  }, []);
  return ref;
}

/**
 * Reports the fields of `element` (or the field itself) whose content differs from what React rendered as
 * changed. A field's rendered value is its `defaultValue` (`defaultChecked`): React sets it to what it rendered.
 */
export function passOnTypedValues(element: HTMLElement): void {
  const fields =
    element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement
      ? [element]
      : element.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea');
  for (const field of fields) {
    if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
      if (field.checked === field.defaultChecked || (field.type === 'radio' && !field.checked)) continue;
      // React listens to clicks for these: the field goes back to its rendered state through its own
      // setter (React's record of it), and the click sets it as the visitor had it again
      field.checked = !field.checked;
      field.click();
      continue;
    }
    if (field instanceof HTMLInputElement && !TEXT_TYPES.has(field.type)) continue;
    const typed = field.value;
    if (typed === field.defaultValue) continue;
    const selection = selectionOf(field);
    // React records a field's value when it is set through the element: record another one, then put the
    // typed text back past that record, so the input event below reads as a change
    field.value = typed === '' ? ' ' : '';
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set?.call(field, typed);
    field.dispatchEvent(new Event('input', { bubbles: true }));
    if (selection) restoreSelection(field, selection);
  }
}

const TEXT_TYPES = new Set(['text', 'email', 'password', 'search', 'tel', 'url', 'number']);

/** The caret of a field that has one (an e-mail or number field has none to read). */
function selectionOf(field: HTMLInputElement | HTMLTextAreaElement): [number, number] | null {
  try {
    const { selectionStart, selectionEnd } = field;
    return selectionStart === null || selectionEnd === null ? null : [selectionStart, selectionEnd];
  } catch {
    return null;
  }
}

function restoreSelection(field: HTMLInputElement | HTMLTextAreaElement, [start, end]: [number, number]) {
  try {
    if (document.activeElement === field) field.setSelectionRange(start, end);
  } catch {
    // a field without a caret
  }
}
