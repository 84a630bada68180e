import { type FormEvent, useState } from "react";
import { type useFetcher, useRevalidator } from "react-router";
import type { z } from "zod";

import { firstPageHydrated } from "~/components/ui/static-html";
import { fieldErrors, firstIssueMessage } from "~/lib/schemas/fields";
import { toast } from "~/lib/toast";

import { type AccountActionAnswer, useActionAnswer } from "./action-answer";
import { useLoginRedirect } from "./login-redirect";

/**
 * What was typed into the server's HTML before the page's code ran: the form starts from it, so hydrating does not
 * undo it. Only while the first page hydrates: a form drawn later (another account's, say) starts from its own values.
 */
function typedBeforeHydration<Field extends string>(values: Record<Field, string>, fieldId: (field: Field) => string): Record<Field, string> {
  if (typeof document === "undefined" || firstPageHydrated()) return values;
  const typed = { ...values };
  for (const field of Object.keys(values) as Field[]) {
    const input = document.getElementById(fieldId(field));
    if (input instanceof HTMLInputElement) typed[field] = input.value;
  }
  return typed;
}

/**
 * One account form posting to the account route: checked by the same schema as
 * the action, quietly until the first try and then as the person types; the
 * answer is toasted, its field problems shown, and an ended session sent to login.
 * Posted without scripts, the page is drawn again with `pageAnswer`: its field
 * problems, what a refused form had typed, and its message said on the page.
 */
export function useAccountForm<Field extends string>({
  fetcher,
  schema,
  initial,
  pageAnswer,
  fieldId,
  onSaved,
}: {
  fetcher: ReturnType<typeof useFetcher<AccountActionAnswer>>;
  schema: z.ZodType;
  initial: Record<Field, string>;
  pageAnswer: AccountActionAnswer | undefined;
  /** A field's input's id, where what was typed before hydration is read. */
  fieldId: (field: Field) => string;
  /** The values the form shows once saved, from the answer and what was sent. */
  onSaved: (answer: AccountActionAnswer, sent: Record<Field, string>) => Record<Field, string>;
}) {
  type Errors = Partial<Record<Field, string>>;
  const [values, setValues] = useState(() =>
    typedBeforeHydration(pageAnswer && !pageAnswer.ok && pageAnswer.values ? (pageAnswer.values as Record<Field, string>) : initial, fieldId),
  );
  const [errors, setErrors] = useState<Errors>((pageAnswer?.fieldErrors ?? {}) as Errors);
  const [attempted, setAttempted] = useState(Boolean(pageAnswer?.fieldErrors));
  // A field's problem is said beside it; any other answer, as its toast would say it.
  const [notice, setNotice] = useState(pageAnswer && !pageAnswer.fieldErrors ? pageAnswer : undefined);
  const { redirecting, redirectToLogin } = useLoginRedirect();
  const { revalidate } = useRevalidator();

  const check = (next: Record<Field, string>) => {
    const parsed = schema.safeParse(next);
    return parsed.success ? null : { errors: fieldErrors(parsed.error) as Errors, first: firstIssueMessage(parsed.error) };
  };

  useActionAnswer(fetcher, (answer) => {
    if (answer.ok) {
      toast.success(answer.message);
      setValues(onSaved(answer, values));
      setErrors({});
      setAttempted(false);
      return;
    }
    toast.error(answer.message);
    setErrors((answer.fieldErrors ?? {}) as Errors);
    if (answer.signedOut) redirectToLogin();
    // Someone else signed in on another tab: the page shows their account, and its forms start anew (keyed by it).
    if (answer.accountChanged) void revalidate();
  });

  function change(field: Field, value: string) {
    const next = { ...values, [field]: value };
    setValues(next);
    if (attempted) setErrors(check(next)?.errors ?? {});
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    setAttempted(true);
    setNotice(undefined);
    const problem = check(values);
    if (problem) {
      event.preventDefault();
      setErrors(problem.errors);
      // Spec 5's own words: 'Error updating …' is for a save that failed, not for a form not yet right.
      toast.error(problem.first);
      return;
    }
    setErrors({});
  }

  return { values, errors, notice, change, submit, busy: fetcher.state !== "idle", redirecting };
}
