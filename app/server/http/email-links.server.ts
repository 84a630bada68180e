import { readFormData } from "./request-bodies.server";

/**
 * The headers of a page an emailed link opens: its URL carries the link's
 * secrets, so no other site's page or host gets it as a referrer. Same-origin
 * (not no-referrer): under no-referrer a browser sends `Origin: null` with the
 * page's form when scripts are off or not yet loaded, and the form would be refused as cross-site.
 */
export const emailLinkPageHeaders = () => ({ "Referrer-Policy": "same-origin" });

const cleanToken = (value: unknown) => (typeof value === "string" ? value.slice(0, 100) : "");

/** An emailed link's token, from its URL (as the link and RFC 8058's one-click POST carry it). */
export function emailLinkToken(request: Request): string {
  return cleanToken(new URL(request.url).searchParams.get("token"));
}

/**
 * What an emailed link does, on POST only, so link scanners that follow the GET
 * cannot do it: its page's form carries the token in its body, a mail client's
 * one-click POST (RFC 8058) in the URL. The token is the proof. True when `act` found it.
 */
export async function actOnEmailLink(request: Request, act: (token: string) => Promise<unknown>): Promise<boolean> {
  const form = await readFormData(request);
  const token = emailLinkToken(request) || cleanToken(form.get("token"));
  const row = token ? await act(token) : null;
  return row !== null;
}
