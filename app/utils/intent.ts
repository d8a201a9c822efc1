import type { SubmissionResult } from "@conform-to/react";
import { useActionData } from "@remix-run/react";

/** The last result of one intent's form (for conform's `lastResult`), or undefined. */
export function useIntentResult(intent: string): SubmissionResult<string[]> | undefined {
  const actionData = useActionData<{ intent?: string; result?: SubmissionResult<string[]> } | undefined>();
  return actionData?.intent === intent ? actionData.result : undefined;
}
