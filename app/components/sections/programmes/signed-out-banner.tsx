import { TicketPercent } from "lucide-react";
import { Link } from "react-router";

const linkClass = "font-semibold text-navy underline decoration-gold decoration-2 underline-offset-4 hover:text-gold-dark";

/** Spec 2: logged-out visitors learn that an account takes £100 off their first course. */
export function SignedOutBanner({ signedIn }: { signedIn: boolean }) {
  if (signedIn) return null;
  return (
    <aside aria-label="Account offer" className="border-y border-gold/40 bg-gold-light">
      <div className="mx-auto flex max-w-7xl items-start gap-4 px-4 py-5 sm:items-center sm:px-6 lg:px-8">
        <TicketPercent aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-gold-dark sm:mt-0" />
        <p className="text-ink">
          <span className="font-semibold text-navy">You are not signed in.</span>{" "}
          <Link to="/auth?view=sign_in" className={linkClass}>
            Sign in
          </Link>{" "}
          or{" "}
          <Link to="/auth?view=sign_up" className={linkClass}>
            create an account
          </Link>{" "}
          to get £100 off your first course.
          <span className="mt-1 block text-sm text-ink/70">
            The offer applies once your email address is verified, if you keep course news ticked when signing up.
          </span>
        </p>
      </div>
    </aside>
  );
}
