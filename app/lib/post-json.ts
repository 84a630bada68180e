/** The answer of one of our JSON endpoints: `{ message }` on success, `{ error }` otherwise. */
export interface EndpointAnswer {
  ok: boolean;
  status: number;
  message?: string;
  error?: string;
}

/** Posts a payload to an endpoint of ours. Network failures throw; answers never do. */
export async function postJson(path: string, payload: unknown, init: { headers?: Record<string, string> } = {}): Promise<EndpointAnswer> {
  const response = await fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...init.headers },
    body: JSON.stringify(payload),
  });
  let body: { message?: unknown; error?: unknown } = {};
  try {
    body = (await response.json()) as typeof body;
  } catch {
    // A proxy's HTML error page, say: no message to relay.
  }
  return {
    ok: response.ok,
    status: response.status,
    message: typeof body.message === "string" ? body.message : undefined,
    error: typeof body.error === "string" ? body.error : undefined,
  };
}
