import { describe, expect, it } from "vitest";

import { type CsvColumn, datedCsvName, toCsv } from "~/server/admin/csv.server";
import { csvResponse } from "~/server/http/responses.server";

const columns = [
  { header: "Name", value: (row: { name: string; amount: number | null }) => row.name },
  { header: "Amount", value: (row: { name: string; amount: number | null }) => row.amount },
];

describe("CSV exports", () => {
  it("starts with a byte order mark, has a header row and CRLF line ends, and quotes commas, quotes and new lines", () => {
    const csv = toCsv(columns, [
      { name: 'Dr "Sam" Lee, DDS', amount: 150_000 },
      { name: "Line one\nline two", amount: null },
      { name: "Zoë Ñúñez 日本", amount: 0 },
    ]);
    expect(csv.startsWith("\uFEFFName,Amount\r\n")).toBe(true);
    expect(csv.slice(1).split("\r\n")).toEqual(["Name,Amount", '"Dr ""Sam"" Lee, DDS",150000', '"Line one\nline two",', "Zoë Ñúñez 日本,0", ""]);
  });

  it("writes a flag as yes or no and a time as ISO 8601", () => {
    const flagged = [
      { header: "Read", value: (row: { read: boolean; at: Date }) => row.read },
      { header: "At", value: (row: { read: boolean; at: Date }) => row.at },
    ];
    const at = new Date(Date.UTC(2026, 10, 25, 9, 30));
    expect(
      toCsv(flagged, [
        { read: true, at },
        { read: false, at },
      ])
        .slice(1)
        .split("\r\n"),
    ).toEqual(["Read,At", "yes,2026-11-25T09:30:00.000Z", "no,2026-11-25T09:30:00.000Z", ""]);
  });

  it.each(['=HYPERLINK("http://evil")', "+1+1", "-2+3", "@SUM(A1)", "\tcmd", "\rcmd"])("neutralises a cell that a spreadsheet would run: %j", (hostile) => {
    const csv = toCsv(columns, [{ name: hostile, amount: 1 }]);
    const line = csv.slice(1).split("\r\n")[1];
    expect(line.startsWith(`'`) || line.startsWith(`"'`)).toBe(true);
  });

  it.each(["hello;=1+1;", 'x;"=HYPERLINK(""http://evil"")', "a;+1;-2;@SUM(A1);\tcmd", "Dr X; =1+1", "Hi\n=1+1", "x;\r\n=1+1", "a\t=1+1", "a|@SUM(A1)"])(
    "neutralises what follows a semicolon, tab, pipe or line break in any column, where a spreadsheet splitting there starts a cell: %j",
    (hostile) => {
      const message: CsvColumn<{ email: string; message: string }>[] = [
        { header: "Email", value: (row) => row.email },
        { header: "Message", value: (row) => row.message },
      ];
      const rows = toCsv(message, [{ email: "mallory@example.com", message: hostile }])
        .slice(1)
        .split("\r\n")
        .slice(1)
        .join("\r\n");
      // Such a spreadsheet splits the raw text at each of these and honours a quote only at a cell's start.
      const cells = rows.split(/[;\t|\r\n]/).map((part) => part.replace(/^[\s"]+/, ""));
      expect(cells.slice(1).filter((part) => /^[=+\-@]/.test(part))).toEqual([]);
    },
  );

  it("keeps the text, with an apostrophe only where a formula would start", () => {
    const csv = toCsv(columns, [{ name: "hello;=HYPERLINK(CHAR(104));x; ok|fine\tstill", amount: 1 }]);
    expect(csv.slice(1).split("\r\n")[1]).toBe(`"hello;'=HYPERLINK(CHAR(104));x; ok|fine\tstill",1`);
  });

  it("answers as a private download with a safe file name", async () => {
    const response = csvResponse("\uFEFFa\r\n", 'attendees "x"/..\\evil.csv');
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="attendees--x--..-evil.csv"');
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    // The mark is there in the bytes sent (a decoder reading them as text drops it).
    expect([...new Uint8Array(await response.arrayBuffer())].slice(0, 3)).toEqual([0xef, 0xbb, 0xbf]);
  });

  it("names a list's export for the day it was made", () => {
    expect(datedCsvName("subscribers", new Date("2026-11-29T19:30:00Z"))).toBe("subscribers-2026-11-29.csv");
  });
});
