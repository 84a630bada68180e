import { useId, useState } from "react";

import { emptyForm } from "~/components/forms/form-values";
import { EmailField, NameField } from "~/components/forms/name-and-email";
import { useOnePress } from "~/components/forms/use-one-press";
import { Button } from "~/components/ui/button";
import { atFault, FormError, FormSuccess } from "~/components/ui/field";
import { cn } from "~/lib/cn";
import { textOf } from "~/lib/form-data";
import { postJson } from "~/lib/post-json";
import { prepareToasts, toast } from "~/lib/toast";
import type { PageFormAnswer } from "~/server/http/form-endpoints.server";

const NEWSLETTER_ENDPOINT = "/api/v2/v2-subscribe-newsletter";
/** One toast for the form's latest answer: a new one takes the place of the last. */
const ANSWER_TOAST = "newsletter-answer";
/**
 * Without scripts (off, or its code not loaded) the form posts itself to the home page, the only page it is on,
 * whose action subscribes as the endpoint does (`?index`: the index route's action, not the layout's); the answer opens at the form.
 */
const NEWSLETTER_PAGE_ACTION = "/?index#newsletter-signup";

/** The home page's answer to the form posted without scripts. */
export type NewsletterAnswer = PageFormAnswer<{ email: string; name: string }>;

/**
 * The endpoint's own schema, loaded when the form is first used: Zod stays out
 * of the home page's first load. Focusing a field starts the download.
 */
const loadChecks = () => Promise.all([import("~/lib/schemas/newsletter"), import("~/lib/schemas/fields")]);

/**
 * Spec 4 newsletter form: idle, submitting ('Subscribing...', fields disabled), then success (cleared) or error.
 * The fields keep their own values, read on submit (form-values.ts).
 * `answer` is the page's, when the form was posted without scripts: its message, and what was typed if it was refused.
 */
export function NewsletterSignup({ className, answer }: { className?: string; answer?: NewsletterAnswer }) {
  const id = useId();
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState(answer && !answer.ok ? answer.message : undefined);
  // The fields the error is about, if it is about any: marked invalid and described by the error.
  const [faults, setFaults] = useState(answer && !answer.ok ? (answer.fields ?? []) : []);
  const [subscribed, setSubscribed] = useState(answer?.ok ? answer.message : undefined);
  const errorId = `${id}-error`;
  const typed = answer && !answer.ok ? answer.posted : undefined;
  const subscribe = useOnePress(checkAndPost);

  async function checkAndPost(form: HTMLFormElement): Promise<"sent" | undefined> {
    const fields = new FormData(form);
    const [email, name] = [textOf(fields, "email"), textOf(fields, "name")];
    setError(undefined);
    setFaults([]);
    setSubscribed(undefined);
    const checks = await loadChecks().catch(() => null);
    if (!checks) {
      setError("An unexpected error occurred.");
      toast.error("An unexpected error occurred.", { id: ANSWER_TOAST });
      return;
    }
    const [{ NewsletterSubscriptionSchema }, { firstIssueFields, firstIssueMessage }] = checks;
    const parsed = NewsletterSubscriptionSchema.safeParse({ email, name });
    if (!parsed.success) {
      const message = firstIssueMessage(parsed.error);
      setError(message);
      setFaults(firstIssueFields(parsed.error));
      toast.error(message, { id: ANSWER_TOAST });
      return;
    }
    setSubmitting(true);
    try {
      const answer = await postJson(NEWSLETTER_ENDPOINT, { email: email.trim(), name: name.trim() || undefined });
      if (!answer.ok) {
        const message = answer.error ?? "Failed to subscribe. Please try again.";
        setError(message);
        toast.error(message, { id: ANSWER_TOAST });
        return;
      }
      toast.success(answer.message ?? "Successfully subscribed to the newsletter!", { id: ANSWER_TOAST });
      emptyForm(form);
      return "sent";
    } catch {
      setError("An unexpected error occurred.");
      toast.error("An unexpected error occurred.", { id: ANSWER_TOAST });
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form
      id="newsletter-signup"
      method="post"
      action={NEWSLETTER_PAGE_ACTION}
      onSubmit={subscribe}
      onFocus={() => {
        prepareToasts();
        void loadChecks().catch(() => undefined);
      }}
      noValidate
      aria-label="Newsletter signup"
      className={cn("grid gap-4", className)}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <NameField label="Name (optional)" id={`${id}-name`} disabled={submitting} defaultValue={typed?.name} {...atFault(faults.includes("name"), errorId)} />
        <EmailField
          label="Email address"
          id={`${id}-email`}
          disabled={submitting}
          defaultValue={typed?.email}
          {...atFault(faults.includes("email"), errorId)}
        />
      </div>
      <FormError id={errorId}>{error}</FormError>
      <FormSuccess>{subscribed}</FormSuccess>
      <Button type="submit" disabled={submitting} className="justify-self-start">
        {submitting ? "Subscribing..." : "Subscribe"}
      </Button>
    </form>
  );
}
