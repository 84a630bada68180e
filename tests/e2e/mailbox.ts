import type { APIRequestContext } from "@playwright/test";

export interface MailboxMessage {
  id: string;
  to: string;
  replyTo: string | null;
  subject: string;
  template: string;
  status: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  createdAt: string;
}

/** Waits for the newest email to an address (optionally of one template, and with a text in it) in the built-in mailbox. */
export async function latestEmailTo(
  request: APIRequestContext,
  address: string,
  options: { template?: string; containing?: string; timeoutMs?: number; after?: string } = {},
): Promise<MailboxMessage> {
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  for (;;) {
    const response = await request.get(`/dev/mailbox/messages.json?to=${encodeURIComponent(address)}`);
    const messages = (await response.json()) as MailboxMessage[];
    const match = messages.find(
      (message) =>
        (!options.template || message.template === options.template) &&
        (!options.containing || message.text.includes(options.containing)) &&
        (!options.after || message.createdAt > options.after),
    );
    if (match) return match;
    if (Date.now() > deadline) throw new Error(`No email to ${address}${options.template ? ` (${options.template})` : ""} arrived`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export function extractLinks(text: string): string[] {
  return [...new Set(text.match(/https?:\/\/[^\s\]>)]+/g) ?? [])];
}
