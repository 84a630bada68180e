import { type MailBudget } from "~/server/email/outbox.server";
import { renderStaffNoticesPaused } from "~/server/email/templates.server";

/**
 * The site's hourly budget of notices to staff of the forms visitors send, and
 * the one email that says, once it is spent, where the rest of the hour's wait.
 */
export function staffNoticeBudget({ staffEmail, siteUrl, limit }: { staffEmail: string; siteUrl: string; limit: number }): MailBudget {
  return {
    kind: "staff-notice",
    limit,
    paused: async () => ({
      template: "staff-notices-paused",
      to: staffEmail,
      ...(await renderStaffNoticesPaused({ limit, inboxUrl: `${siteUrl}/admin/inbox`, interestUrl: `${siteUrl}/admin/interest` })),
    }),
  };
}
