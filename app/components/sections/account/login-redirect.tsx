import { useEffect, useState } from "react";
import { useNavigate } from "react-router";

import { LOGIN_REQUIRED_PATH } from "~/lib/pages";

/**
 * Spec 2: when nobody is signed in any more (the session ended in another tab,
 * say), the page says 'Redirecting to login...' and goes to /auth.
 */
export function useLoginRedirect() {
  const navigate = useNavigate();
  const [redirecting, setRedirecting] = useState(false);
  useEffect(() => {
    if (redirecting) void navigate(LOGIN_REQUIRED_PATH);
  }, [redirecting, navigate]);
  return { redirecting, redirectToLogin: () => setRedirecting(true) };
}

export function RedirectingToLogin() {
  return (
    <p role="status" className="rounded-md bg-gold-light p-3 text-sm font-medium text-navy">
      Redirecting to login...
    </p>
  );
}
