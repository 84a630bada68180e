import type { ComponentProps, ReactNode } from "react";

import { cn } from "~/lib/cn";

/** The look every text control shares; its display, height and text colour are each control's own. */
export const controlClass =
  "w-full rounded-md border border-ink/20 bg-white px-3 py-2 text-base shadow-sm placeholder:text-ink/40 focus:outline-none focus-within:border-gold-dark focus-within:ring-1 focus-within:ring-gold-dark disabled:cursor-not-allowed disabled:bg-mist disabled:opacity-70";

export const inputClass = `block min-h-11 text-ink ${controlClass}`;

/** The id of a field's error message, for the input's aria-describedby. */
export const fieldErrorId = (id: string) => `${id}-error`;

/**
 * A labelled form field: the label names the input for assistive technology and tests.
 * An error is shown under the input; point the input's aria-describedby at `fieldErrorId(id)`.
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
      {children}
      {hint && <p className="text-xs text-ink/70">{hint}</p>}
      {error && (
        <p id={fieldErrorId(id)} role={announceError ? "alert" : undefined} className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

export function Input({ className, ...props }: ComponentProps<"input">) {
  return <input className={cn(inputClass, className)} {...props} />;
}

export function Textarea({ className, ...props }: ComponentProps<"textarea">) {
  return <textarea className={cn("block min-h-32 text-ink", controlClass, className)} {...props} />;
}

export function FormError({ children }: { children?: ReactNode }) {
  if (!children) return null;
  return (
    <p role="alert" className="text-sm font-medium text-red-600">
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
