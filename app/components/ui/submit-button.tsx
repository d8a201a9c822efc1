import type { ButtonHTMLAttributes } from "react";
import { useIsPending } from "~/utils/pending";
import { Button } from "./button";

/**
 * A form's submit button that shows its busy label ("Saving...") and stays disabled while its own
 * submission is on its way: the one for this intent (and these row fields), not any other.
 */
export function SubmitButton({
  intent,
  pendingLabel,
  fields,
  variant,
  children,
  disabled,
  ...props
}: Omit<ButtonHTMLAttributes<HTMLButtonElement>, "name" | "value" | "type"> & {
  intent: string;
  pendingLabel: string;
  fields?: Record<string, string>;
  variant?: "primary" | "secondary" | "danger" | "ghost";
}) {
  const pending = useIsPending({ intent, fields });
  return (
    <Button
      name="intent"
      value={intent}
      variant={variant}
      disabled={pending || disabled}
      aria-busy={pending || undefined}
      {...props}
    >
      {pending ? pendingLabel : children}
    </Button>
  );
}
