import { CircleCheck, LayoutDashboard, Tag } from "lucide-react";
import type { ReactNode } from "react";

import { ButtonLink } from "~/components/ui/button";
import { DISCOUNT_RULES } from "~/lib/discounts";

const EMAIL_CONFIRMED_MESSAGE = "Thank you: your email address is confirmed.";
const FIRST_COURSE_DISCOUNT_MESSAGE = `${DISCOUNT_RULES.signup.name} is yours: it is taken off the price when you book.`;
const BACK_OFFICE_MESSAGE = "You are one of the institute's administrators: schedule courses and see who booked in the back office.";

function Notice({ icon, children, action }: { icon: ReactNode; children: ReactNode; action?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-3 rounded-xl border border-gold/40 bg-gold-light p-4 text-sm text-navy">
      <p className="flex min-w-0 flex-1 basis-64 items-start gap-3">
        {icon}
        <span>{children}</span>
      </p>
      {action}
    </div>
  );
}

const iconClass = "mt-0.5 size-5 shrink-0 text-gold-dark";

/**
 * What the account page says before the forms: that the email was just
 * confirmed (the confirmation link lands here), that the £100 off a first
 * course is waiting, and, to an administrator, the way to the back office.
 */
export function AccountNotices({ emailConfirmed, firstCourseDiscount, isAdmin }: { emailConfirmed: boolean; firstCourseDiscount: boolean; isAdmin: boolean }) {
  if (!emailConfirmed && !firstCourseDiscount && !isAdmin) return null;
  return (
    <div className="grid gap-3 lg:col-span-2">
      {emailConfirmed && (
        <div role="status">
          <Notice icon={<CircleCheck aria-hidden className={iconClass} />}>{EMAIL_CONFIRMED_MESSAGE}</Notice>
        </div>
      )}
      {firstCourseDiscount && (
        <Notice
          icon={<Tag aria-hidden className={iconClass} />}
          action={
            <ButtonLink to="/booking" size="sm">
              Book a course
            </ButtonLink>
          }
        >
          {FIRST_COURSE_DISCOUNT_MESSAGE}
        </Notice>
      )}
      {isAdmin && (
        <Notice
          icon={<LayoutDashboard aria-hidden className={iconClass} />}
          action={
            <ButtonLink to="/admin" size="sm" variant="navy">
              Open the admin dashboard
            </ButtonLink>
          }
        >
          {BACK_OFFICE_MESSAGE}
        </Notice>
      )}
    </div>
  );
}
