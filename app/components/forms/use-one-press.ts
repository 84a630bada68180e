import { type FormEvent, useRef } from "react";

/**
 * A form's submit handler that ignores a press while the last one is still on
 * its way. The form's busy state only disables it once its checks have loaded,
 * so without this a double-click would post twice.
 */
export function useOnePress(submit: (form: HTMLFormElement) => Promise<void>) {
  const sending = useRef(false);
  return async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending.current) return;
    sending.current = true;
    try {
      await submit(event.currentTarget);
    } finally {
      sending.current = false;
    }
  };
}
