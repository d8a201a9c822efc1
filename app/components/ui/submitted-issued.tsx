import type { ReactNode } from "react";

/**
 * A figure told as submitted and issued (issue 26 item 2): the two side by side, each named, where
 * one figure stood; a stat card's value. They wrap one under the other when the card is narrow.
 */
export function SubmittedIssued({ submitted, issued }: { submitted: ReactNode; issued: ReactNode }) {
  return (
    <span className="flex flex-wrap gap-x-4 gap-y-1">
      <span className="min-w-0">
        <span className="block text-xs font-medium text-slate-500">Submitted</span>
        {submitted}
      </span>
      <span className="min-w-0">
        <span className="block text-xs font-medium text-green-700">Issued</span>
        {issued}
      </span>
    </span>
  );
}
