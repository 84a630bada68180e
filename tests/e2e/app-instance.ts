import { spawn } from "node:child_process";
import { once } from "node:events";

export interface AppInstance {
  url: string;
  /** Stops the server the way a deployment does (SIGTERM) and waits for it to exit. */
  stop(): Promise<void>;
  /** Starts the same server again, with the same settings. */
  restart(): Promise<AppInstance>;
  /** Ends the process with SIGKILL, as a crash or an out-of-memory kill does: no shutdown runs. */
  crash(): Promise<void>;
  /** Everything the process has written to stdout and stderr. */
  output(): string;
}

/** A port of its own for a spec's extra server, beside the suite's main one. */
export function portNextTo(baseURL: string | undefined, offset: number): number {
  return Number(new URL(baseURL ?? "http://localhost:3210").port) + offset;
}

/**
 * Starts the production build as a process of its own (tests/e2e/server.ts: as
 * `npm run serve` does, with the fixture door beside it) and waits until its
 * health check answers.
 */
export async function startAppInstance(port: number, env: Record<string, string>): Promise<AppInstance> {
  const url = `http://localhost:${port}`;
  const child = spawn(process.execPath, ["--import", "tsx", "tests/e2e/server.ts"], {
    env: {
      PATH: process.env.PATH ?? "",
      NODE_ENV: "production",
      PORT: String(port),
      SITE_URL: url,
      FORM_RATE_LIMIT: "10000",
      AUTH_RATE_LIMIT: "10000",
      ACCOUNT_LOGIN_LIMIT: "10000",
      PAGE_VIEW_RATE_LIMIT: "10000",
      CHECKOUT_RATE_LIMIT: "10000",
      RECIPIENT_EMAIL_LIMIT: "10000",
      STAFF_NOTICE_LIMIT: "10000",
      CHECKOUT_HOLDS_PER_ADDRESS: "10000",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const exited = once(child, "exit");

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server on port ${port} exited during start-up:\n${output}`);
    const healthy = await fetch(`${url}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) break;
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`The server on port ${port} did not become healthy:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  const stop = async () => {
    if (child.exitCode !== null) return;
    child.kill("SIGTERM");
    const killer = setTimeout(() => child.kill("SIGKILL"), 15_000);
    await exited;
    clearTimeout(killer);
  };
  return {
    url,
    stop,
    async crash() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGKILL");
      await exited;
    },
    output: () => output,
    async restart() {
      await stop();
      return startAppInstance(port, env);
    },
  };
}
