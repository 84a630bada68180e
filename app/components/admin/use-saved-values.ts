import { useEffect, useRef } from "react";

/**
 * A back-office form that shows saved values in fields that keep their own: reset to its fields' new
 * defaults whenever the saved values change. The form is not drawn again, as a changed key would draw
 * it, so the field or button in focus keeps it and a keyboard user carries on where they were.
 */
export function useShowsSavedValues(saved: readonly unknown[]) {
  const form = useRef<HTMLFormElement>(null);
  const signature = JSON.stringify(saved);
  const shown = useRef(signature);
  useEffect(() => {
    if (shown.current === signature) return;
    shown.current = signature;
    form.current?.reset();
  }, [signature]);
  return form;
}
