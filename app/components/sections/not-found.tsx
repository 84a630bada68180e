import { useEffect } from "react";
import { useLocation } from "react-router";

import { ButtonLink } from "~/components/ui/button";
import { takeMissingPath } from "~/lib/missing-path";

export function NotFoundContent() {
  const { pathname } = useLocation();
  useEffect(() => {
    console.error("404 Error: User attempted to access non-existent route:", takeMissingPath() ?? pathname);
  }, [pathname]);
  return (
    <div className="mx-auto flex max-w-2xl flex-col items-center px-4 py-24 text-center sm:py-32">
      <h1 className="text-7xl font-bold text-gold-dark">404</h1>
      <p className="mt-4 font-display text-2xl text-navy">Page Not Found</p>
      <p className="mt-4 text-ink/80">Sorry, we couldn't find the page you're looking for. It may have been moved or doesn't exist.</p>
      <ButtonLink className="mt-8" to="/">
        Return to Home
      </ButtonLink>
    </div>
  );
}
