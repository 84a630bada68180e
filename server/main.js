// Production entry: `npm run serve` (after `npm run build`). Everything else lives in the bundle.
const build = new URL("../build/server/index.js", import.meta.url);

try {
  const { startProductionServer } = await import(build.href);
  await startProductionServer();
} catch (error) {
  // Configuration problems get one clear line, not a stack trace.
  const known = ["EnvError", "DataDirLockedError", "DatabaseUnreachableError", "PortInUseError"];
  // Written as it is: by now the server's console turns what it is given into log lines.
  if (error && known.includes(error.name)) process.stderr.write(`${error.message}\n`);
  else if (error && error.code === "ERR_MODULE_NOT_FOUND" && String(error.message).includes("build/server")) {
    console.error("No production build found: run `npm run build` first (or `npm start`, which builds).");
  } else console.error(error);
  process.exit(1);
}
