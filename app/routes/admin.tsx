import { useEffect } from "react";
import { NavLink, Outlet } from "react-router";

import { cn } from "~/lib/cn";
import { seo } from "~/lib/seo";
import { prepareToasts } from "~/lib/toast";
import { adminRoute } from "~/server/http/guards.server";

import type { Route } from "./+types/admin";

/** Spec 4 admin guard, on the server, for the dashboard and every page under it. */
export const middleware = [adminRoute()];

export const meta: Route.MetaFunction = (args) => seo(args, { title: "Admin Dashboard", noIndex: true });

/** The back office's pages, beside the spec's dashboard. */
const ADMIN_PAGES = [
  { to: "/admin", label: "Dashboard", end: true },
  { to: "/admin/editions", label: "Editions & bookings", end: false },
  { to: "/admin/offerings", label: "Offerings", end: false },
  { to: "/admin/inbox", label: "Inbox", end: false },
  { to: "/admin/interest", label: "Interest", end: false },
  { to: "/admin/subscribers", label: "Subscribers", end: false },
  { to: "/admin/outbox", label: "Email outbox", end: false },
  { to: "/admin/audit-log", label: "Audit log", end: false },
] as const;

export default function AdminLayout() {
  // Every back-office action answers in a toast: its code is here before the first, even one whose request is lost offline.
  useEffect(prepareToasts, []);
  return (
    <>
      <nav aria-label="Admin" className="border-b border-navy/10 bg-mist">
        {/* The header's and the page title's width and margins, so the three start at one edge. */}
        <ul className="mx-auto flex max-w-7xl flex-wrap gap-1 px-4 py-2 text-sm font-medium sm:px-6 lg:px-8">
          {ADMIN_PAGES.map((page) => (
            <li key={page.to} className="shrink-0">
              <NavLink
                to={page.to}
                end={page.end}
                className={({ isActive }) =>
                  cn("inline-flex min-h-11 items-center rounded-md px-3", isActive ? "bg-navy text-white" : "text-navy hover:bg-navy/5")
                }
              >
                {page.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </>
  );
}
