import { redirect } from "react-router";

export function loader() {
  return redirect("/upcoming-events", 301);
}
