import { Outlet } from "react-router";
import { seo } from "~/lib/seo";
import { requireAdmin } from "~/server/session.server";
import type { Route } from "./+types/admin";

/** Spec 4 admin guard, on the server: anonymous → /auth, signed in but not admin → /account. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return null;
}

export const meta: Route.MetaFunction = (args) => seo(args, { title: "Admin Dashboard", noIndex: true });

export default function AdminLayout() {
  return <Outlet />;
}
