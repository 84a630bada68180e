// Production entry: `npm run serve` (after `npm run build`). Everything else lives in the bundle.
const build = new URL("../build/server/index.js", import.meta.url);

try {
  const { startProductionServer } = await import(build.href);
  await startProductionServer();
} catch (error) {
  // Configuration problems get one clear line, not a stack trace.
  const known = ["EnvError", "DataDirLockedError"];
  if (error && known.includes(error.name)) console.error(error.message);
  else if (error && error.code === "ERR_MODULE_NOT_FOUND" && String(error.message).includes("build/server")) {
    console.error("No production build found: run `npm run build` first (or `npm start`, which builds).");
  } else console.error(error);
  process.exit(1);
}
