import { useEffect, useEffectEvent, useRef } from "react";
import type { useFetcher } from "react-router";

import type { ProfileFormValues } from "~/lib/schemas/profile";

/** What the account route's action answers to the profile and password forms. */
export interface AccountActionAnswer {
  ok: boolean;
  /** The toast's whole text: the spec's success message, a spec 5 problem as it stands, or 'Error updating …: {message}' for a save that failed. */
  message: string;
  /** The first problem with each field, shown beside it. */
  fieldErrors?: Record<string, string>;
  /** The profile as saved (trimmed), so the form shows what is stored; or, refused without scripts, as typed. */
  values?: ProfileFormValues;
  /** The session had ended: the page sends the person to log in again. */
  signedOut?: boolean;
  /** Someone else is signed in now (ACCOUNT_CHANGED_MESSAGE): the page reads their account afresh. */
  accountChanged?: boolean;
  /** Which form answered, when it was posted without scripts: the page is drawn again with its answer. */
  form?: "profile" | "password";
}

/** Calls `onAnswer` once for each answer the fetcher receives. */
export function useActionAnswer(fetcher: ReturnType<typeof useFetcher<AccountActionAnswer>>, onAnswer: (answer: AccountActionAnswer) => void) {
  const handled = useRef<AccountActionAnswer>(undefined);
  const handle = useEffectEvent(onAnswer);
  useEffect(() => {
    const answer = fetcher.data;
    if (fetcher.state !== "idle" || !answer || handled.current === answer) return;
    handled.current = answer;
    handle(answer);
  }, [fetcher.state, fetcher.data]);
}
