import type { ComponentProps } from "react";

import { Field, Input } from "~/components/ui/field";
import { MAX_NAME_LENGTH } from "~/lib/field-limits";

type FieldProps = { id: string; label: string } & Omit<ComponentProps<"input">, "id" | "name" | "type" | "required">;

/** The name a public form asks for: what the endpoints read as `name`, no longer than they keep. */
export function NameField({ id, label, required, ...input }: FieldProps & { required?: boolean }) {
  return (
    <Field label={label} id={id} required={required}>
      <Input id={id} name="name" autoComplete="name" required={required} maxLength={MAX_NAME_LENGTH} {...input} />
    </Field>
  );
}

/** The email address a public form asks for, always required: a browser email input, read as `email`. */
export function EmailField({ id, label, ...input }: FieldProps) {
  return (
    <Field label={label} id={id} required>
      <Input id={id} name="email" type="email" autoComplete="email" required {...input} />
    </Field>
  );
}
