import { redirect } from "react-router";

// Retired landing pages (/lander, /lander/*, /v2/*) now live on the home page.
export function loader() {
  return redirect("/", 301);
}

export function action() {
  return redirect("/", 301);
}
