/**
 * A mailto: link built with encoding: whatever an address or subject holds,
 * it can never add a recipient, subject or body of its own to the reply.
 */
export function mailtoHref(address: string, fields: { subject?: string; body?: string } = {}): string {
  const query = Object.entries(fields)
    .filter((entry): entry is [string, string] => typeof entry[1] === "string" && entry[1] !== "")
    .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
    .join("&");
  // "@" stays readable; everything else that could end the address (?, &, #, %...) is encoded.
  return `mailto:${encodeURIComponent(address).replace(/%40/g, "@")}${query ? `?${query}` : ""}`;
}
