import { index, route, type RouteConfig } from "@react-router/dev/routes";

import { PAGES } from "./lib/pages";

export default [
  ...PAGES.map((page) => (page.path === "" ? index(page.file) : route(page.path, page.file))),
  route("admin", "routes/admin.tsx", [
    index("routes/admin._index.tsx"),
    route("editions", "routes/admin.editions.tsx"),
    route("editions/:courseId", "routes/admin.editions.$courseId.tsx"),
    route("editions/:courseId/attendees.csv", "routes/admin.editions.$courseId.attendees.csv.ts"),
    route("offerings", "routes/admin.offerings.tsx"),
    route("inbox", "routes/admin.inbox.tsx"),
    route("inbox.csv", "routes/admin.inbox.csv.ts"),
    route("interest", "routes/admin.interest.tsx"),
    route("interest.csv", "routes/admin.interest.csv.ts"),
    route("subscribers", "routes/admin.subscribers.tsx"),
    route("subscribers.csv", "routes/admin.subscribers.csv.ts"),
    route("outbox", "routes/admin.outbox.tsx"),
    route("audit-log", "routes/admin.audit-log.tsx"),
  ]),

  // Redirects of the spec's route table, answered by the server with real HTTP redirects.
  route("upcoming-courses", "routes/redirects/upcoming-courses.ts"),
  route("instructors/:instructorSlug", "routes/redirects/instructor-profile.ts"),
  route("lander", "routes/redirects/to-home.ts", { id: "redirect-lander" }),
  route("lander/*", "routes/redirects/to-home.ts", { id: "redirect-lander-splat" }),
  route("v2/*", "routes/redirects/to-home.ts", { id: "redirect-v2" }),

  route("robots.txt", "routes/robots.txt.ts"),
  route("sitemap.xml", "routes/sitemap.xml.ts"),
  route("upcoming-events.ics", "routes/upcoming-events[.]ics.ts"),
  route("api/page-views", "routes/api.page-views.ts"),
  route("api/auth/*", "routes/api.auth.ts"),
  route("auth/confirm", "routes/auth.confirm.tsx"),
  route("auth/reset-password", "routes/auth.reset-password.tsx"),
  route("auth/logout", "routes/auth.logout.ts"),
  route("api/functions/claim-guest-purchases", "routes/api.functions.claim-guest-purchases.ts"),
  route("api/functions/create-course", "routes/api.functions.create-course.ts"),
  route("api/functions/delete-course", "routes/api.functions.delete-course.ts"),
  route("api/functions/deactivate-course", "routes/api.functions.deactivate-course.ts"),
  route("api/v2/v2-subscribe-newsletter", "routes/api.v2.subscribe-newsletter.ts"),
  route("api/register-interest", "routes/api.register-interest.ts"),
  route("api/v2/v2-send-contact-email", "routes/api.v2.send-contact-email.ts"),
  route("api/v2/v2-update-user-preferences", "routes/api.v2.update-user-preferences.ts"),
  route("api/v2/create-checkout-session", "routes/api.v2.create-checkout-session.ts"),
  route("api/stripe/webhook", "routes/api.stripe.webhook.ts"),
  route("account/receipts/:purchaseId", "routes/account.receipts.$purchaseId.tsx"),
  route("newsletter/confirm", "routes/newsletter.confirm.tsx"),
  route("newsletter/unsubscribe", "routes/newsletter.unsubscribe.tsx"),
  route("interest/confirm", "routes/interest.confirm.tsx"),
  route("interest/unsubscribe", "routes/interest.unsubscribe.tsx"),

  // The built-in mailbox of the embedded default (404 unless local providers are on).
  route("dev/mailbox", "routes/dev.mailbox.tsx"),
  route("dev/mailbox/messages.json", "routes/dev.mailbox.messages.json.ts"),
  route("dev/mailbox/:id", "routes/dev.mailbox.$id.tsx"),
  route("dev/mailbox/:id/html", "routes/dev.mailbox.$id.html.ts"),
  route("dev/mailbox/:id/attachments/:index", "routes/dev.mailbox.$id.attachments.$index.ts"),
  // The built-in checkout of the embedded default (the same rule).
  route("dev/checkout/:sessionId", "routes/dev.checkout.$sessionId.tsx"),

  route("*", "routes/redirects/unknown-path.ts"),
] satisfies RouteConfig;
