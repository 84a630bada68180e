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

  route("*", "routes/redirects/unknown-path.ts"),
] satisfies RouteConfig;
