import { activityActionLabel } from "~/domain/activity";

/** An entry's action in words, as a quiet pill: the Activity page and a lead's trail show the same. */
export function ActivityActionBadge({ action }: { action: string }) {
  return (
    <span className="inline-flex rounded-md bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700 ring-1 ring-slate-500/20 ring-inset sm:whitespace-nowrap">
      {activityActionLabel(action)}
    </span>
  );
}

/** Who acted, or who the log has no account for: a prospect on the public forms, or a scheduled job. */
export function activityActor(userName: string | null) {
  return userName ?? "Visitor or system";
}
