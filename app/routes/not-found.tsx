import { data } from "react-router";

import { NotFoundContent } from "~/components/sections/not-found";
import { NOT_FOUND_PAGE } from "~/content/site";
import { seo } from "~/lib/seo";
import { publicRoute } from "~/server/http/guards.server";

import type { Route } from "./+types/not-found";

export const middleware = [publicRoute()];

export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = (args) => seo(args, NOT_FOUND_PAGE);

export default function NotFound() {
  return <NotFoundContent />;
}
