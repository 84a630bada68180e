import { useEffect } from "react";
import { useFetcher, useNavigate, useRevalidator } from "react-router";

import { toast } from "~/lib/toast";

const CLAIM_ENDPOINT = "/api/functions/claim-guest-purchases";
const CLAIMED_KEY_PREFIX = "gii-guest-purchases-claimed:";

/** Logging out ends the browser session's claim: a guest booking made after it is claimed at the next login in this tab. */
function forgetClaims() {
  for (const key of Object.keys(window.sessionStorage)) if (key.startsWith(CLAIMED_KEY_PREFIX)) window.sessionStorage.removeItem(key);
}

/**
 * Spec 4: logging out shows 'Loading...' in the shell while it runs, then a toast and /auth.
 * The page being left is not reloaded first: a signed-in page (the account,
 * the back office) would send its now signed-out visitor to the login page
 * with its own notice. The shell's data is read again once on /auth.
 */
export function useLogout() {
  const fetcher = useFetcher<{ ok: boolean; message: string }>({ key: "logout" });
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    if (fetcher.data.ok) {
      forgetClaims();
      toast.success("You have been logged out.");
      void Promise.resolve(navigate("/auth")).then(revalidate);
    } else {
      console.error("Error signing out", fetcher.data.message);
      toast.error(fetcher.data.message || "Logout failed. Please try again.");
    }
  }, [fetcher.state, fetcher.data, navigate, revalidate]);
  return {
    busy: fetcher.state !== "idle",
    // flushSync: as a transition, the router's update would wait for the parts of the page still waiting for
    // their code (hydrate-on-visible.tsx), which on /, /courses/full-arch and /upcoming-events held the whole
    // logout until the visitor scrolled them into view. Made at once, it has React render those parts afresh.
    logout: () => void fetcher.submit(null, { method: "post", action: "/auth/logout", defaultShouldRevalidate: false, flushSync: true }),
  };
}

/**
 * Spec 4: once per browser session and user, purchases made as a guest with
 * this email are claimed; the attempt counts as done whether or not it worked.
 */
export function ClaimGuestPurchases({ userId }: { userId: string }) {
  // Claimed bookings belong on the page already shown (My Purchased Courses): its data is read again.
  const { revalidate } = useRevalidator();
  useEffect(() => {
    const key = `${CLAIMED_KEY_PREFIX}${userId}`;
    if (window.sessionStorage.getItem(key)) return;
    window.sessionStorage.setItem(key, "1");
    fetch(CLAIM_ENDPOINT, { method: "POST", credentials: "same-origin" })
      .then(async (response) => {
        if (!response.ok) throw new Error(`status ${response.status}`);
        const { claimed_count: claimed } = (await response.json()) as { claimed_count: number };
        if (claimed > 0) {
          toast.success(`${claimed} earlier booking${claimed === 1 ? "" : "s"} added to your account.`);
          await revalidate();
        }
      })
      .catch((error) => console.error("Error claiming guest purchases", error));
  }, [userId, revalidate]);
  return null;
}
