/** A CSV download's text as a spreadsheet reads it: Response.text() would drop the byte order mark we must see. */
export async function downloadedText(response: Response): Promise<string> {
  return new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer());
}
