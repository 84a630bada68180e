import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";

import { describe, expect, it } from "vitest";

const SERVER = join(process.cwd(), "app/server");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : /\.tsx?$/.test(name) ? [path] : [];
  });
}

const outsideHttp = sourceFiles(SERVER).filter((file) => !relative(SERVER, file).startsWith("http/"));

describe("server layers", () => {
  it("has domain and platform code in folders, none of it loose in app/server", () => {
    expect(readdirSync(SERVER).filter((name) => statSync(join(SERVER, name)).isFile())).toEqual([]);
    expect(readdirSync(SERVER).sort()).toEqual(expect.arrayContaining(["accounts", "auth", "catalogue", "db", "email", "http", "marketing", "platform"]));
  });

  it("turns results into responses only in app/server/http: nothing else imports it or builds answers", () => {
    const offenders = outsideHttp.flatMap((file) => {
      const text = readFileSync(file, "utf8");
      const imports = [...text.matchAll(/from\s+"([^"]+)"/g)].map(([, source]) => source);
      const problems = [
        ...imports.filter((source) => source.startsWith("~/server/http/") || /\/http\//.test(source)).map((source) => `imports ${source}`),
        ...[...text.matchAll(/import\s*\{([^}]*)\}\s*from\s*"react-router"/g)]
          .flatMap(([, names]) => names.split(",").map((name) => name.trim().replace(/^type\s+/, "")))
          .filter((name) => ["data", "redirect", "redirectDocument", "replace"].includes(name))
          .map((name) => `builds answers with react-router's ${name}`),
        ...(/new Response\(|Response\.json\(/.test(text) ? ["builds a Response"] : []),
      ];
      return problems.map((problem) => `${relative(SERVER, file)} ${problem}`);
    });
    expect(offenders).toEqual([]);
  });

  it("gives every prepared statement its own name: PostgreSQL knows a connection's statements by name", () => {
    const names = sourceFiles(SERVER).flatMap((file) => [...readFileSync(file, "utf8").matchAll(/preparedStatement\(\s*"([^"]+)"/g)].map(([, name]) => name));
    expect(names.length).toBeGreaterThan(0);
    expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([]);
  });
});
