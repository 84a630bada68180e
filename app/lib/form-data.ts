/** A text field's value as sent ("" when absent, or a file in its place): the schema then refuses it in the form's words. */
export function textOf(fields: FormData, name: string): string {
  const value = fields.get(name);
  return typeof value === "string" ? value : "";
}

/** Every value of the ticked boxes of one name. */
export function choicesOf(fields: FormData, name: string): string[] {
  return fields.getAll(name).filter((value) => typeof value === "string");
}
