// What the measuring scripts (bench, lighthouse) share: starting the production
// server and other children, waiting for the server's health check, and stopping them all.
import { type ChildProcess, spawn } from "node:child_process";
import { readFile } from "node:fs/promises";
import { connect } from "node:net";
import { resolve } from "node:path";

export const projectRoot = resolve(import.meta.dirname, "../..");

const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

const STOP_TIMEOUT_MS = 10_000;

/** The flags `npm run serve` gives Node (the heap's limit), so that a measured server runs as production does. */
export async function serveNodeFlags(): Promise<string[]> {
  const { scripts } = JSON.parse(await readFile(resolve(projectRoot, "package.json"), "utf8")) as { scripts: { serve: string } };
  return [...scripts.serve.matchAll(/(?<=\s)--[\w-]+(=\S+)?/g)].map(([flag]) => flag);
}

/** True when something already accepts connections on the port (it would answer our health check). */
export function portInUse(port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect({ port, host: "localhost" });
    socket.once("connect", () => {
      socket.destroy();
      done(true);
    });
    socket.once("error", () => done(false));
  });
}

/** The children a script started, with their last lines of output: shown only when something fails. */
export function childProcesses() {
  const output: string[] = [];
  const running: { child: ChildProcess; exited: Promise<void> }[] = [];
  const keepOutput = (chunk: Buffer) => {
    output.push(...chunk.toString().split("\n").filter(Boolean));
    if (output.length > 40) output.splice(0, output.length - 40);
  };

  return {
    output,

    start(command: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
      const child = spawn(command, args, { cwd: projectRoot, env, stdio: ["ignore", "pipe", "pipe"] });
      child.stdout?.on("data", keepOutput);
      child.stderr?.on("data", keepOutput);
      running.push({ child, exited: new Promise((done) => child.once("exit", () => done())) });
      return child;
    },

    /** Asks each child to stop, newest first, and kills one that has not within 10 s. */
    async stopAll() {
      for (const { child, exited } of running.splice(0).reverse()) {
        if (child.exitCode !== null || child.signalCode !== null) continue;
        child.kill("SIGTERM");
        const stopped = await Promise.race([exited.then(() => true), sleep(STOP_TIMEOUT_MS).then(() => false)]);
        if (!stopped) {
          child.kill("SIGKILL");
          await exited;
        }
      }
    },
  };
}

/** Waits until the server at `origin` answers GET /healthz with 200, failing if it exits first. */
export async function waitForHealth(child: ChildProcess, origin: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`The server exited (code ${child.exitCode ?? child.signalCode}) before answering /healthz.`);
    }
    try {
      const response = await fetch(`${origin}/healthz`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await sleep(250);
  }
  throw new Error(`The server did not answer GET /healthz with 200 within ${timeoutMs / 1000} s.`);
}
