import { type AriaAttributes, type ComponentProps, createContext, type ReactNode, use } from "react";

import { cn } from "~/lib/cn";

/**
 * The look every text control shares; its display, height and text colour are each control's own.
 * A control at fault (aria-invalid) is outlined in red, so the eye finds what the form's message is about.
 */
export const controlClass =
  "w-full rounded-md border border-ink/20 bg-white px-3 py-2 text-base shadow-sm placeholder:text-ink/40 focus:outline-none focus-within:border-gold-dark focus-within:ring-1 focus-within:ring-gold-dark aria-invalid:border-red-600 aria-invalid:ring-1 aria-invalid:ring-red-600 disabled:cursor-not-allowed disabled:bg-mist disabled:opacity-70";

export const inputClass = `block min-h-11 text-ink ${controlClass}`;

/** The id of a field's error message, for the input's aria-describedby. */
export const fieldErrorId = (id: string) => `${id}-error`;
const fieldHintId = (id: string) => `${id}-hint`;

/** What a Field says about its control: the ids of its hint and error, and whether it is in error. */
const FieldDescription = createContext<{ describedBy: string[]; invalid: boolean }>({ describedBy: [], invalid: false });

/**
 * A control's own aria-describedby and aria-invalid, with its Field's hint and
 * error added: an Input or Textarea in a Field is described by them without
 * being told.
 */
function useFieldDescription(own: AriaAttributes): AriaAttributes {
  const field = use(FieldDescription);
  const ids = new Set([...field.describedBy, ...(own["aria-describedby"]?.split(" ") ?? [])]);
  ids.delete("");
  return {
    "aria-describedby": ids.size ? [...ids].join(" ") : undefined,
    "aria-invalid": own["aria-invalid"] ?? (field.invalid || undefined),
  };
}

/** The attributes of a control that a form's message is about: marked invalid and described by the message, wherever it shows. */
export function atFault(fault: boolean, messageId: string): AriaAttributes {
  return fault ? { "aria-invalid": true, "aria-describedby": messageId } : {};
}

/**
 * A labelled form field: the label names the input for assistive technology and tests.
 * An error is shown under the input. An Input or Textarea inside is described by the
 * hint and the error; point any other control's aria-describedby at `fieldErrorId(id)`.
 */
export function Field({
  label,
  id,
  required,
  hint,
  error,
  announceError = false,
  children,
  className,
}: {
  label: string;
  id: string;
  required?: boolean;
  hint?: ReactNode;
  error?: string;
  /** Say the error as it appears (role=alert): for an answer from the server that nothing else on the page tells. */
  announceError?: boolean;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn("grid content-start gap-1.5", className)}>
      {/* The asterisk sits outside the label so the field's name is exactly its label. */}
      <div className="flex gap-1 text-sm font-medium text-navy">
        <label htmlFor={id}>{label}</label>
        {required && (
          <span aria-hidden className="text-gold-dark">
            *
          </span>
        )}
      </div>
      <FieldDescription value={{ describedBy: [...(hint ? [fieldHintId(id)] : []), ...(error ? [fieldErrorId(id)] : [])], invalid: Boolean(error) }}>
        {children}
      </FieldDescription>
      {hint && (
        <p id={fieldHintId(id)} className="text-xs text-ink/70">
          {hint}
        </p>
      )}
      {error && (
        <p id={fieldErrorId(id)} role={announceError ? "alert" : undefined} className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

export function Input({ className, ...props }: ComponentProps<"input">) {
  return <input className={cn(inputClass, className)} {...props} {...useFieldDescription(props)} />;
}

export function Textarea({ className, ...props }: ComponentProps<"textarea">) {
  return <textarea className={cn("block min-h-32 text-ink", controlClass, className)} {...props} {...useFieldDescription(props)} />;
}

/** A form's message about what it was sent; `id` lets the control at fault point at it (see atFault). */
export function FormError({ id, children }: { id?: string; children?: ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} role="alert" className="text-sm font-medium text-red-600">
      {children}
    </p>
  );
}

/** A form's success, said on the page (a form posted without scripts answers here rather than in a toast). */
export function FormSuccess({ children }: { children?: ReactNode }) {
  if (!children) return null;
  return (
    <p role="status" className="text-sm font-medium text-green-700">
      {children}
    </p>
  );
}
