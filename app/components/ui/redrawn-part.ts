/**
 * When React drops a waiting part's server HTML, the part shows a copy of it
 * (ServerCopy in hydrate-on-visible.tsx), marked with SERVER_COPY_ATTRIBUTE, until its
 * code has drawn the part afresh. A press held on the copy is replayed on what
 * is drawn in the same place; this module finds it, loaded only when that happens.
 */
import { SERVER_COPY_ATTRIBUTE } from "./hydrate-on-visible";

/** Where an element sits in its part: the child indices from the part's outermost element down to it. */
function placeInPart(element: Element, wrapper: Element): number[] {
  const place: number[] = [];
  // The part's outermost element is the wrapper's child or the copy's, or, once React has dropped it, has no parent.
  for (
    let node = element, parent = node.parentElement;
    parent && parent !== wrapper && !parent.hasAttribute(SERVER_COPY_ATTRIBUTE);
    node = parent, parent = node.parentElement
  ) {
    place.push(Array.prototype.indexOf.call(parent.children, node));
  }
  return place.reverse();
}

/** The element in the same place in the part as drawn now: itself while it is on the page. */
function counterpart(element: Element, wrapper: Element): Element | null {
  if (element.isConnected) return element;
  let found: Element | null | undefined = wrapper.firstElementChild;
  for (const index of placeInPart(element, wrapper)) found = found?.children[index];
  return found ?? null;
}

/**
 * What the visitor typed into a copy's form, written into the form drawn in its
 * place (field by field, in the same order) as typing would: React reads a
 * field's value from its input events.
 */
function copyFieldValues(from: HTMLFormElement, to: HTMLFormElement) {
  [...from.elements].forEach((field, index) => {
    const into = to.elements[index];
    if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement || field instanceof HTMLSelectElement)) return;
    if (!into || into.constructor !== field.constructor || (into as typeof field).type !== field.type) return;
    if (field instanceof HTMLInputElement && (field.type === "checkbox" || field.type === "radio")) {
      if ((into as HTMLInputElement).checked !== field.checked) (into as HTMLInputElement).click();
    } else if ((into as typeof field).value !== field.value) {
      Object.getOwnPropertyDescriptor(Object.getPrototypeOf(into), "value")?.set?.call(into, field.value);
      into.dispatchEvent(new Event(field instanceof HTMLSelectElement ? "change" : "input", { bubbles: true }));
    }
  });
}

/**
 * The elements drawn in the places of these, which were in the part's copy;
 * what was typed into the copy's form is carried into the form drawn in its place.
 */
export function inRedrawnPart(wrapper: Element, ...elements: (Element | null)[]): (Element | null)[] {
  const form = elements[0]?.closest("form");
  const redrawnForm = form && counterpart(form, wrapper);
  if (form && redrawnForm instanceof HTMLFormElement && redrawnForm !== form) copyFieldValues(form, redrawnForm);
  return elements.map((element) => element && counterpart(element, wrapper));
}
