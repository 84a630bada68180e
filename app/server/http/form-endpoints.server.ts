import { data, type RouterContextProvider } from "react-router";
import type { z } from "zod";

import { firstIssueFields, firstIssueMessage } from "~/lib/schemas/fields";
import type { PublicForm } from "~/server/marketing/public-forms.server";
import { appServices, requestInfoContext } from "~/server/platform/context.server";
import { isDatabaseUnavailable } from "~/server/platform/errors.server";
import { log } from "~/server/platform/log.server";

import { parseJsonBody, readFormData } from "./request-bodies.server";
import { jsonEndpoint, refusalStatus, UNEXPECTED_ERROR_MESSAGE } from "./responses.server";

type Args = { request: Request; context: Readonly<RouterContextProvider> };

/**
 * What the page says after its form was posted without scripts: the form's
 * message, and on a refusal what was typed, to correct and send again, and
 * the fields the message is about, if it is about any.
 */
export type PageFormAnswer<Posted> = { ok: true; message: string } | { ok: false; message: string; posted: Posted; fields?: string[] };

/** Spec 7's JSON endpoint of a public form. */
export function publicFormEndpoint<Schema extends z.ZodType, Posted>({ request, context }: Args, form: PublicForm<Schema, Posted>): Promise<Response> {
  return jsonEndpoint(form.name, async () =>
    form.submit(appServices(context), await parseJsonBody(request, form.schema), context.get(requestInfoContext).clientIp),
  );
}

/**
 * The same form posted to the page it is on, as plain HTML does when scripts
 * are off or the form's code has not loaded: the same schema and submission as
 * its endpoint, answered as the page's action data (the endpoint's status, and
 * its message for the page to show). A page action's guard has checked the Origin.
 */
export async function publicFormPageAction<Schema extends z.ZodType, Posted>({ request, context }: Args, form: PublicForm<Schema, Posted>) {
  const posted = form.readPosted(await readFormData(request));
  const refused = (message: string, status: number, fields?: string[]) => data<PageFormAnswer<Posted>>({ ok: false, message, posted, fields }, status);
  const parsed = form.schema.safeParse(posted);
  if (!parsed.success) return refused(firstIssueMessage(parsed.error), 400, firstIssueFields(parsed.error));
  try {
    const { message } = await form.submit(appServices(context), parsed.data, context.get(requestInfoContext).clientIp);
    return data<PageFormAnswer<Posted>>({ ok: true, message });
  } catch (thrown) {
    // The HTTP server answers these for the whole site, as it does for the endpoint.
    if (isDatabaseUnavailable(thrown)) throw thrown;
    const status = refusalStatus(thrown);
    if (status) return refused((thrown as Error).message, status);
    log.error(`${form.name} failed`, thrown);
    return refused(UNEXPECTED_ERROR_MESSAGE, 500);
  }
}
