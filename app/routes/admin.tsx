import { Outlet } from "react-router";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/admin";

export const meta: Route.MetaFunction = (args) => seo(args, { title: "Admin Dashboard", noIndex: true });

export default function AdminLayout() {
  return <Outlet />;
}
