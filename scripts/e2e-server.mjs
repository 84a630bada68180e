// Starts the production server for Playwright on a fresh embedded database under .tmp/.
import { rmSync } from "node:fs";
import { resolve } from "node:path";

const dataDir = resolve(`.tmp/e2e-data-${process.env.PORT ?? "3210"}`);
rmSync(dataDir, { recursive: true, force: true });
process.env.DATA_DIR = dataDir;
await import("../server/main.js");
