// The production build as `npm run serve` starts it, with the fixture door of tests/support/fixture-door.ts beside it.
import { rmSync } from "node:fs";
import { resolve } from "node:path";

import { format } from "date-fns";

import type { startProductionServer } from "../../server/app";
import { fixtureDoorPort } from "../support/fixture-calls";
import { openFixtureDoor } from "../support/fixture-door";

const port = Number(process.env.PORT ?? 3210);
// The suite's own server starts on a fresh embedded database; others name their database themselves.
if (!process.env.DATA_DIR && !process.env.DATABASE_URL) {
  const dataDir = resolve(`.tmp/e2e-data-${port}`);
  rmSync(dataDir, { recursive: true, force: true });
  process.env.DATA_DIR = dataDir;
}

const bundle = new URL("../../build/server/index.js", import.meta.url);
const { startProductionServer: start } = (await import(bundle.href)) as { startProductionServer: typeof startProductionServer };
// The demo catalogue's dates count from the day the server starts, which a run that crosses midnight leaves behind:
// tests reckon them from this day, not their own (the seconds the start takes make the rest of the gap).
const seedDay = format(new Date(), "yyyy-MM-dd");
const { runtime } = await start();
await openFixtureDoor(runtime, fixtureDoorPort(port), seedDay);
