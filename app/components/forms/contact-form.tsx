import { useId, useState } from "react";

import { emptyForm } from "~/components/forms/form-values";
import { EmailField, NameField } from "~/components/forms/name-and-email";
import { useOnePress } from "~/components/forms/use-one-press";
import { Button } from "~/components/ui/button";
import { atFault, Field, FormError, FormSuccess, Input, Textarea } from "~/components/ui/field";
import { cn } from "~/lib/cn";
import { textOf } from "~/lib/form-data";
import { postJson } from "~/lib/post-json";
import { ContactMessageSchema, MAX_MESSAGE_LENGTH, MAX_SUBJECT_LENGTH } from "~/lib/schemas/contact";
import { firstIssueFields, firstIssueMessage } from "~/lib/schemas/fields";
import { prepareToasts, toast } from "~/lib/toast";
import type { PageFormAnswer } from "~/server/http/form-endpoints.server";

const CONTACT_ENDPOINT = "/api/v2/v2-send-contact-email";
/** Without scripts (off, or not loaded) the form posts itself to its page, whose action sends it as the endpoint does. */
const CONTACT_PAGE_ACTION = "/contact#message-heading";

/** One toast for the form's latest answer: a new one takes the place of the last. */
const ANSWER_TOAST = "contact-answer";
const CONTACT_FIELDS = ["name", "email", "subject", "message", "website"] as const;
type ContactField = (typeof CONTACT_FIELDS)[number];

/**
 * Spec 4 contact form: idle, submitting (inputs disabled, 'Sending...'), back to idle; success clears all four fields.
 * The fields keep their own values, read on submit (form-values.ts).
 * `answer` is the page's, when the form was posted without scripts: its message, and what was typed if it was refused.
 */
export function ContactForm({ className, answer }: { className?: string; answer?: PageFormAnswer<Record<ContactField, string>> }) {
  const id = useId();
  const typed = answer && !answer.ok ? answer.posted : undefined;
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState(answer && !answer.ok ? answer.message : undefined);
  // The fields the error is about, if it is about any: marked invalid and described by the error.
  const [faults, setFaults] = useState(answer && !answer.ok ? (answer.fields ?? []) : []);
  const [sent, setSent] = useState(answer?.ok ? answer.message : undefined);
  const errorId = `${id}-error`;
  const faultOf = (field: ContactField) => atFault(faults.includes(field), errorId);

  function fail(message: string, fields: string[] = []) {
    setError(message);
    setFaults(fields);
    toast.error(message, { id: ANSWER_TOAST });
  }

  const send = useOnePress(checkAndPost);

  async function checkAndPost(form: HTMLFormElement): Promise<"sent" | undefined> {
    const fields = new FormData(form);
    const values = Object.fromEntries(CONTACT_FIELDS.map((field) => [field, textOf(fields, field)])) as Record<ContactField, string>;
    setError(undefined);
    setFaults([]);
    setSent(undefined);
    const parsed = ContactMessageSchema.safeParse(values);
    if (!parsed.success) {
      fail(firstIssueMessage(parsed.error), firstIssueFields(parsed.error));
      return;
    }
    setSubmitting(true);
    try {
      const answer = await postJson(CONTACT_ENDPOINT, {
        name: values.name.trim(),
        email: values.email.trim(),
        subject: values.subject.trim(),
        message: values.message.trim(),
        website: values.website || undefined,
      });
      if (!answer.ok) {
        fail(answer.error ?? "Failed to send message. Please try again.");
        return;
      }
      toast.success(answer.message ?? "Your message has been sent successfully!", { id: ANSWER_TOAST });
      emptyForm(form);
      return "sent";
    } catch (thrown) {
      fail(thrown instanceof Error && thrown.message ? thrown.message : "An unexpected error occurred.");
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form
      method="post"
      action={CONTACT_PAGE_ACTION}
      onSubmit={send}
      onFocus={prepareToasts}
      noValidate
      aria-label="Send us a message"
      className={cn("grid gap-4", className)}
    >
      <NameField label="Full Name" id={`${id}-name`} required defaultValue={typed?.name} disabled={submitting} {...faultOf("name")} />
      <EmailField label="Email Address" id={`${id}-email`} defaultValue={typed?.email} disabled={submitting} {...faultOf("email")} />
      <Field label="Subject" id={`${id}-subject`} required>
        <Input
          id={`${id}-subject`}
          name="subject"
          required
          defaultValue={typed?.subject}
          disabled={submitting}
          maxLength={MAX_SUBJECT_LENGTH}
          {...faultOf("subject")}
        />
      </Field>
      <Field label="Message" id={`${id}-message`} required>
        <Textarea
          id={`${id}-message`}
          name="message"
          required
          rows={6}
          defaultValue={typed?.message}
          disabled={submitting}
          maxLength={MAX_MESSAGE_LENGTH}
          {...faultOf("message")}
        />
      </Field>
      {/* Honeypot for bots: hidden from people and from assistive technology. */}
      <div aria-hidden className="absolute -left-[9999px] h-0 w-0 overflow-hidden">
        <label htmlFor={`${id}-website`}>Website</label>
        <input id={`${id}-website`} name="website" tabIndex={-1} autoComplete="off" />
      </div>
      <FormError id={errorId}>{error}</FormError>
      <FormSuccess>{sent}</FormSuccess>
      <Button type="submit" size="lg" disabled={submitting} className="justify-self-start">
        {submitting ? "Sending..." : "Send Message"}
      </Button>
    </form>
  );
}
