import { type RouteConfig, index, route } from "@react-router/dev/routes";
import { PAGES } from "./lib/pages";

export default [
  ...PAGES.map((page) => (page.path === "" ? index(page.file) : route(page.path, page.file))),
  route("admin", "routes/admin.tsx", [index("routes/admin._index.tsx")]),

  // Redirects of the spec's route table, answered by the server with real HTTP redirects.
  route("upcoming-courses", "routes/redirects/upcoming-courses.ts"),
  route("instructors/:instructorSlug", "routes/redirects/instructor-profile.ts"),
  route("lander", "routes/redirects/to-home.ts", { id: "redirect-lander" }),
  route("lander/*", "routes/redirects/to-home.ts", { id: "redirect-lander-splat" }),
  route("v2/*", "routes/redirects/to-home.ts", { id: "redirect-v2" }),

  route("robots.txt", "routes/robots.txt.ts"),
  route("sitemap.xml", "routes/sitemap.xml.ts"),
  route("api/page-views", "routes/api.page-views.ts"),
  route("api/auth/*", "routes/api.auth.ts"),
  route("auth/reset-password", "routes/auth.reset-password.tsx"),
  route("auth/logout", "routes/auth.logout.ts"),
  route("api/functions/claim-guest-purchases", "routes/api.functions.claim-guest-purchases.ts"),
  route("api/v2/v2-subscribe-newsletter", "routes/api.v2.subscribe-newsletter.ts"),
  route("api/register-interest", "routes/api.register-interest.ts"),
  route("api/v2/v2-send-contact-email", "routes/api.v2.send-contact-email.ts"),
  route("api/v2/v2-update-user-preferences", "routes/api.v2.update-user-preferences.ts"),
  route("newsletter/confirm", "routes/newsletter.confirm.tsx"),
  route("newsletter/unsubscribe", "routes/newsletter.unsubscribe.tsx"),

  // The built-in mailbox of the embedded default (404 unless local providers are on).
  route("dev/mailbox", "routes/dev.mailbox.tsx"),
  route("dev/mailbox/messages.json", "routes/dev.mailbox.messages.json.ts"),
  route("dev/mailbox/:id", "routes/dev.mailbox.$id.tsx"),
  route("dev/mailbox/:id/html", "routes/dev.mailbox.$id.html.ts"),

  route("*", "routes/redirects/unknown-path.ts"),
] satisfies RouteConfig;
