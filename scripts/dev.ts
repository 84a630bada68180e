// Development server: the same Express app as production, with Vite's middleware for hot reload.
import type { ServerBuild } from "react-router";
import { createServer } from "vite";

import type { startServer as startServerType } from "../server/app";

const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });

try {
  const { startServer } = (await vite.ssrLoadModule("./server/app.ts")) as { startServer: typeof startServerType };
  await startServer({
    build: () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
    mountAssets: (app) => app.use(vite.middlewares),
  });
} catch (error) {
  const known = ["EnvError", "DataDirLockedError"];
  console.error(error instanceof Error && known.includes(error.name) ? error.message : error);
  await vite.close();
  process.exit(1);
}
