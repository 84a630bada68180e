import { Switch } from "radix-ui";
import { useId, useState } from "react";
import { useRevalidator } from "react-router";

import { keepFocusThroughBusy } from "~/lib/keep-focus-through-busy";
import { postJson } from "~/lib/post-json";
import { PREFERENCES_ENDPOINT, PREFERENCES_MESSAGES } from "~/lib/schemas/preferences";
import { toast } from "~/lib/toast";

import { AccountCard } from "./account-card";
import { RedirectingToLogin, useLoginRedirect } from "./login-redirect";

const MARKETING_SWITCH_LABEL = "Receive emails about new courses and upcoming events";
/** Each change's outcome takes the last one's place: switched off and on at once, one toast says how it ended. */
const OUTCOME_TOAST = { id: "marketing-preferences" };

/** Spec 4: the marketing switch is optimistic and goes back to where it was if the change fails. */
export function MarketingPreferences({ accountId, initial }: { accountId: string; initial: boolean }) {
  const id = useId();
  const { revalidate } = useRevalidator();
  const [checked, setChecked] = useState(initial);
  const [busy, setBusy] = useState(false);
  const { redirecting, redirectToLogin } = useLoginRedirect();

  async function change(next: boolean) {
    const previous = checked;
    setChecked(next);
    const control = document.activeElement;
    if (control?.parentElement) keepFocusThroughBusy(control, control.parentElement);
    setBusy(true);
    try {
      // Naming the account the page was drawn for: another tab may have signed someone else in since.
      const answer = await postJson(PREFERENCES_ENDPOINT, { preferences: { eventNotifications: next }, accountId });
      if (!answer.ok) {
        setChecked(previous);
        toast.error(`Error updating preferences: ${answer.error ?? PREFERENCES_MESSAGES.failed}`, OUTCOME_TOAST);
        if (answer.status === 401) redirectToLogin();
        // Someone else is signed in now: the page shows their account (its switch is keyed by it).
        if (answer.status === 409) void revalidate();
        return;
      }
      toast.success(answer.message ?? PREFERENCES_MESSAGES.saved, OUTCOME_TOAST);
    } catch {
      // The request never got an answer (offline, say): nothing more specific to tell.
      setChecked(previous);
      toast.error(`Error updating preferences: ${PREFERENCES_MESSAGES.failed}`, OUTCOME_TOAST);
    } finally {
      setBusy(false);
    }
  }

  return (
    <AccountCard id={`${id}-heading`} title="Marketing Preferences">
      <div className="flex items-center justify-between gap-4">
        <label htmlFor={`${id}-switch`} className="text-sm font-medium text-navy">
          {MARKETING_SWITCH_LABEL}
        </label>
        <Switch.Root
          id={`${id}-switch`}
          checked={checked}
          onCheckedChange={change}
          disabled={busy || redirecting}
          aria-busy={busy || undefined}
          className="relative inline-flex h-7 w-12 shrink-0 cursor-pointer items-center rounded-full bg-ink/25 transition-colors before:absolute before:-inset-2 before:content-[''] disabled:cursor-wait disabled:opacity-70 data-[state=checked]:bg-gold"
        >
          <Switch.Thumb className="block size-6 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[1.375rem] motion-reduce:transition-none" />
        </Switch.Root>
      </div>
      {redirecting && (
        <div className="mt-4">
          <RedirectingToLogin />
        </div>
      )}
    </AccountCard>
  );
}
