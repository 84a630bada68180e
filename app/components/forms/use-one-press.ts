import { type FormEvent, useRef } from "react";

/** A double-click's second press comes within this long of the first (the systems' usual setting is 500 ms). */
const DOUBLE_PRESS_MS = 500;

/** What a form's fields hold, disabled or not (they are while it sends), to tell whether it is still as it was left. */
const contentOf = (form: HTMLFormElement) =>
  JSON.stringify(
    [...form.elements].map((field) =>
      field instanceof HTMLInputElement && (field.type === "checkbox" || field.type === "radio")
        ? field.checked
        : "value" in field
          ? String(field.value)
          : null,
    ),
  );

/**
 * Tells the second press of a double-click from a new one: `sent(form)` marks a
 * form just sent and emptied, and `isSecondPress(form)` is true for a press
 * within DOUBLE_PRESS_MS of it with the form still as emptied, which would post
 * it empty and be refused. A form filled again is pressed for its own sake.
 */
export function useDoublePress() {
  const last = useRef<{ at: number; content: string }>(undefined);
  return {
    sent: (form: HTMLFormElement) => {
      last.current = { at: performance.now(), content: contentOf(form) };
    },
    isSecondPress: (form: HTMLFormElement) =>
      last.current !== undefined && performance.now() - last.current.at < DOUBLE_PRESS_MS && contentOf(form) === last.current.content,
  };
}

/**
 * A form's submit handler that ignores a press while the last one is still on
 * its way, or that follows a sent form as a double-click's second press (`submit`
 * answers "sent" when it sent and emptied the form). The form's busy state only
 * disables it once its checks have loaded, so without this a double-click would post twice.
 */
export function useOnePress(submit: (form: HTMLFormElement) => Promise<"sent" | undefined>) {
  const sending = useRef(false);
  const { sent, isSecondPress } = useDoublePress();
  return async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    if (sending.current || isSecondPress(form)) return;
    sending.current = true;
    try {
      if ((await submit(form)) === "sent") sent(form);
    } finally {
      sending.current = false;
    }
  };
}
