import { useNavigation } from "@remix-run/react";

/**
 * Whether the page is submitting a given form right now, for busy labels and disabled buttons.
 * `intent` and `fields` narrow it to one button of one row (e.g. { id: row.id }), so a busy row
 * does not make every row look busy.
 */
export function useIsPending({
  intent,
  formAction,
  formMethod = "POST",
  fields,
}: { intent?: string; formAction?: string; formMethod?: "POST" | "GET"; fields?: Record<string, string> } = {}) {
  const navigation = useNavigation();
  if (navigation.state === "idle" || navigation.formMethod !== formMethod) return false;
  if (formAction !== undefined && navigation.formAction !== formAction) return false;
  const data = navigation.formData;
  if (intent !== undefined && data?.get("intent") !== intent) return false;
  return Object.entries(fields ?? {}).every(([name, value]) => data?.get(name) === value);
}
