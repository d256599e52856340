/*
 * What a person types into a server-rendered field before the page hydrates (a slow phone, a password
 * manager filling the sign-in form) must not be lost. React keeps the field's text while hydrating, but a
 * controlled form's state starts from the rendered value, so the next render of that field (the person
 * moves on to the password) puts the rendered value back and the typed text is gone. After hydration,
 * each text field whose text differs from what was rendered gets an input event, so its form takes the
 * text in as if it had just been typed.
 */

const TEXT_TYPES = new Set(['text', 'email', 'password', 'search', 'tel', 'url', 'number']);

/** Hands the text typed before hydration to the fields' forms (call once, right after hydration). */
export function replayPreHydrationInput(root: ParentNode = document): number {
  let replayed = 0;
  for (const field of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')) {
    if (field instanceof HTMLInputElement && !TEXT_TYPES.has(field.type)) continue;
    const typed = field.value;
    // After hydration `defaultValue` holds what React rendered; a field nobody touched equals it.
    if (typed === field.defaultValue || field.disabled || field.readOnly) continue;
    const prototype =
      field instanceof HTMLInputElement ? HTMLInputElement.prototype : HTMLTextAreaElement.prototype;
    const setText = Object.getOwnPropertyDescriptor(prototype, 'value')?.set;
    if (!setText) continue;
    // React notices a change only against the value it last saw: assigning through the element tells it
    // the rendered value, the prototype's setter then puts the typed text back without telling it.
    field.value = field.defaultValue;
    setText.call(field, typed);
    field.dispatchEvent(new Event('input', { bubbles: true }));
    replayed += 1;
  }
  return replayed;
}
