import { Check, ChevronDown } from "lucide-react";
import { Select as RadixSelect } from "radix-ui";

import { cn } from "~/lib/cn";

import { controlClass } from "./field";

/** Radix items cannot have an empty value, so "not chosen" has a stand-in of its own. */
const NONE = "__none__";

/**
 * A select over a fixed list of options, whose value is "" when nothing is
 * chosen. The chosen value is posted under `name` from a hidden input.
 */
export function Select({
  id,
  name,
  value,
  onValueChange,
  options,
  noneLabel,
  disabled,
  invalid,
  describedBy,
}: {
  id: string;
  name: string;
  value: string;
  onValueChange: (value: string) => void;
  options: readonly string[];
  /** The label of the option that clears the choice; also shown when nothing is chosen. */
  noneLabel: string;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
}) {
  return (
    <>
      <input type="hidden" name={name} value={value} />
      <RadixSelect.Root value={value || NONE} onValueChange={(next) => onValueChange(next === NONE ? "" : next)} disabled={disabled}>
        <RadixSelect.Trigger
          id={id}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          className={cn("flex min-h-11 items-center justify-between gap-2 text-left", controlClass, value ? "text-ink" : "text-ink/70")}
        >
          <RadixSelect.Value />
          <RadixSelect.Icon>
            <ChevronDown aria-hidden className="size-4 text-ink/60" />
          </RadixSelect.Icon>
        </RadixSelect.Trigger>
        <RadixSelect.Portal>
          <RadixSelect.Content
            position="popper"
            sideOffset={4}
            className="z-[70] max-h-[min(22rem,var(--radix-select-content-available-height))] w-[var(--radix-select-trigger-width)] overflow-hidden rounded-md border border-ink/10 bg-white shadow-lg"
          >
            <RadixSelect.Viewport className="p-1">
              {[NONE, ...options].map((option) => (
                <RadixSelect.Item
                  key={option}
                  value={option}
                  className="relative flex min-h-11 cursor-pointer items-center rounded px-8 text-base text-ink outline-none select-none data-[highlighted]:bg-gold-light data-[state=checked]:font-semibold"
                >
                  <RadixSelect.ItemIndicator className="absolute left-2 inline-flex">
                    <Check aria-hidden className="size-4 text-gold-dark" />
                  </RadixSelect.ItemIndicator>
                  <RadixSelect.ItemText>{option === NONE ? noneLabel : option}</RadixSelect.ItemText>
                </RadixSelect.Item>
              ))}
            </RadixSelect.Viewport>
          </RadixSelect.Content>
        </RadixSelect.Portal>
      </RadixSelect.Root>
    </>
  );
}
