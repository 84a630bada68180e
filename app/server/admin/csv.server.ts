import { stringify } from "csv-stringify/sync";

import { todayIsoDate } from "~/server/catalogue/editions.server";

/** Excel reads a UTF-8 file as UTF-8 only with this mark first. */
const BYTE_ORDER_MARK = "\uFEFF";

/** A cell a spreadsheet would run as a formula (OWASP "CSV injection"): these first characters start one. */
const FORMULA_START = /^[=+\-@\t\r]/;
/**
 * The same after a semicolon, a tab, a pipe or a line break, with any spaces
 * or quotes between: Excel set to a European list separator (or a spreadsheet
 * told to split on tabs or pipes) splits the raw line there whatever the
 * quoting (it honours a quote only at a cell's start), so the text after one
 * (`hello;=1+1`) is a cell of its own.
 */
const FORMULA_AFTER_SPLIT = /([;\t|\r\n])(?=[\s"]*[=+\-@])/g;

/** A typed value as the text of a cell: yes or no for a flag, and formulas neutralised with a leading apostrophe, as OWASP advises. */
type CsvValue = string | number | boolean | Date | null | undefined;

function cell(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  const text = value instanceof Date ? value.toISOString() : typeof value === "boolean" ? (value ? "yes" : "no") : String(value);
  const safe = text.replace(FORMULA_AFTER_SPLIT, "$1'");
  return FORMULA_START.test(safe) ? `'${safe}` : safe;
}

export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => CsvValue;
}

/**
 * A CSV export as staff open it in Excel or Numbers: UTF-8 with a byte order
 * mark, a header row, CRLF line ends, quoting by csv-stringify, and no cell a
 * spreadsheet would run, read with commas or with semicolons (see
 * FORMULA_AFTER_SPLIT). A cell with a semicolon, tab or pipe is quoted too,
 * so that a spreadsheet splitting there keeps a first column's cell whole.
 */
export function toCsv<Row>(columns: readonly CsvColumn<Row>[], rows: readonly Row[]): string {
  const records = rows.map((row) => columns.map((column) => cell(column.value(row))));
  return BYTE_ORDER_MARK + stringify([columns.map((column) => cell(column.header)), ...records], { record_delimiter: "windows", quoted_match: /[\r\n;\t|]/ });
}

/** A list's export, named for the day it was made as the site counts days (todayIsoDate): `subscribers-2026-11-29.csv`. */
export function datedCsvName(list: string, now: Date = new Date()): string {
  return `${list}-${todayIsoDate(now)}.csv`;
}
