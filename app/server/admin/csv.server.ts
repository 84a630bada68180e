import { stringify } from "csv-stringify/sync";

import { todayIsoDate } from "~/server/catalogue/editions.server";

/** Excel reads a UTF-8 file as UTF-8 only with this mark first. */
const BYTE_ORDER_MARK = "\uFEFF";

/** A cell a spreadsheet would run as a formula (OWASP "CSV injection"): these first characters start one. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A typed value as the text of a cell: yes or no for a flag, and formulas neutralised with a leading apostrophe, as OWASP advises. */
type CsvValue = string | number | boolean | Date | null | undefined;

function cell(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  const text = value instanceof Date ? value.toISOString() : typeof value === "boolean" ? (value ? "yes" : "no") : String(value);
  return FORMULA_START.test(text) ? `'${text}` : text;
}

export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => CsvValue;
}

/**
 * A CSV export as staff open it in Excel or Numbers: UTF-8 with a byte order
 * mark, a header row, CRLF line ends, quoting by csv-stringify, and no cell a
 * spreadsheet would run. A cell with a semicolon is quoted too: Excel set to
 * a European list separator splits cells there, and the part after one
 * (`hello;=HYPERLINK(...)`) would start a formula of its own.
 */
export function toCsv<Row>(columns: readonly CsvColumn<Row>[], rows: readonly Row[]): string {
  const records = rows.map((row) => columns.map((column) => cell(column.value(row))));
  return BYTE_ORDER_MARK + stringify([columns.map((column) => cell(column.header)), ...records], { record_delimiter: "windows", quoted_match: /[\r\n;]/ });
}

/** A list's export, named for the day it was made as the site counts days (todayIsoDate): `subscribers-2026-11-29.csv`. */
export function datedCsvName(list: string, now: Date = new Date()): string {
  return `${list}-${todayIsoDate(now)}.csv`;
}
