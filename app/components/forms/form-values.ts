/**
 * The public forms' fields keep their own values, read when the form is sent: what a visitor
 * types before the page's code has arrived counts, where a field React controls would be
 * emptied as the page hydrates.
 */

/** Empties a sent form: text cleared, boxes unticked. Not `reset()`, which would bring back what the page kept from a refused post. */
export function emptyForm(form: HTMLFormElement) {
  for (const field of form.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>("input, textarea")) {
    if (field instanceof HTMLInputElement && field.type === "checkbox") field.checked = false;
    else field.value = "";
  }
}
