import { Form, Link, useLocation, useNavigate } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { Button, buttonClass } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { FieldErrors, inputClass } from "~/components/ui/field";
import { CALL_OUTCOMES, CALL_REFUSAL_WORDS, formatLocalDateTime } from "~/domain/calling";
import { formatDateTime, formatPhone } from "~/domain/format";
import type { CallAttemptView, CallCheck } from "~/services/calls.server";
import { useIntentResult } from "~/utils/intent";

// The call page (decision 072): what Call Now answers. An allowed call shows "Calling <name> at
// <phone>" with its Dial link (dialled at once with JavaScript) and the outcome form; a refusal says
// why and when calling is next allowed, with an administrator's override form where one is allowed.

type Props = {
  leadId: string;
  leadName: string;
  isAdmin: boolean;
  check: CallCheck | { problem: string };
  call: CallAttemptView | null;
  calls: CallAttemptView[];
  dial: boolean;
  timezone: string;
};

const phoneText = (e164: string) => formatPhone(e164.replace(/^\+1/, ""));

/** Opens the dial link once after an allowed call was recorded, then drops `dial=1` from the URL. */
function DialOnce({ href }: { href: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  const dialled = useRef(false);
  useEffect(() => {
    if (dialled.current) return;
    dialled.current = true;
    window.location.href = href;
    navigate(location.pathname + location.search.replace(/&dial=1/, ""), { replace: true, preventScrollReset: true });
  }, [href, location.pathname, location.search, navigate]);
  return null;
}

function Refusal({ check }: { check: CallCheck }) {
  return (
    <div className="rounded-md bg-red-50 p-3 text-sm text-red-800 ring-1 ring-red-200" role="alert">
      <p className="font-semibold">Calling is not allowed now.</p>
      <ul className="mt-1 list-disc space-y-1 pl-5">
        {check.messages.map((message) => (
          <li key={message}>{message}</li>
        ))}
      </ul>
      <p className="mt-2">
        {check.nextAllowedAt
          ? `Calling is next allowed ${formatLocalDateTime(new Date(check.nextAllowedAt), check.timeZone)} (the lead's time).`
          : "Waiting will not make this call allowed."}
      </p>
    </div>
  );
}

function OverrideForm({ check }: { check: CallCheck }) {
  const errors = useIntentResult("override")?.error?.overrideReason ?? undefined;
  if (check.reasons.includes("dnc")) {
    return <p className="text-sm text-slate-600">A number on the do-not-call list cannot be overridden.</p>;
  }
  return (
    <Form method="post" className="space-y-2">
      <input type="hidden" name="phone" value={check.phone} />
      <label htmlFor="override-reason" className="block text-sm font-medium text-slate-700">
        Override as administrator: why must this call be made?
      </label>
      <textarea
        id="override-reason"
        name="overrideReason"
        rows={2}
        maxLength={500}
        className={inputClass}
        aria-invalid={errors ? true : undefined}
        aria-describedby={errors ? "override-reason-error" : undefined}
      />
      <FieldErrors id="override-reason-error" errors={errors} />
      <Button name="intent" value="override" variant="danger">
        Override and call
      </Button>
    </Form>
  );
}

function OutcomeForm({ call }: { call: CallAttemptView }) {
  return (
    <Form method="post" className="space-y-2">
      <input type="hidden" name="callId" value={call.id} />
      <fieldset>
        <legend className="text-sm font-medium text-slate-700">How did the call go?</legend>
        <div className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-3">
          {CALL_OUTCOMES.map((option) => (
            <label
              key={option.value}
              className="flex min-h-10 items-center gap-2 rounded-md px-3 ring-1 ring-slate-200"
            >
              <input
                type="radio"
                name="outcome"
                value={option.value}
                defaultChecked={call.outcome === option.value}
                required
              />
              <span className="text-sm text-slate-800">{option.label}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <Button name="intent" value="outcome">
        Save outcome
      </Button>
    </Form>
  );
}

function CallLog({ calls, timezone }: { calls: CallAttemptView[]; timezone: string }) {
  if (calls.length === 0) return <p className="text-sm text-slate-600">No calls yet.</p>;
  return (
    <ol className="divide-y divide-slate-200 text-sm">
      {calls.map((call) => (
        <li key={call.id} className="py-2 [overflow-wrap:anywhere]">
          <p className="font-medium text-slate-900">
            {formatDateTime(call.createdAt, timezone)} · {call.phoneDisplay}
          </p>
          <p className="text-slate-600">
            {call.callerName ?? "Someone"} ·{" "}
            {call.allowed
              ? call.overridden.length
                ? `Overridden (${call.overridden.map((r) => CALL_REFUSAL_WORDS[r]).join(", ")}): ${call.overrideReason ?? ""}`
                : "Allowed"
              : `Refused: ${call.reasons.map((r) => CALL_REFUSAL_WORDS[r]).join(", ")}`}
            {call.allowed ? ` · ${call.outcomeLabel ?? "No outcome yet"}` : ""}
          </p>
        </li>
      ))}
    </ol>
  );
}

export function CallPage({ leadId, leadName, isAdmin, check, call, calls, dial, timezone }: Props) {
  const ready = "problem" in check ? null : check;
  const calling = call?.allowed ? call : null;
  return (
    <div className="mx-auto max-w-3xl space-y-5">
      <Card className="space-y-4 p-4 sm:p-6">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 className="text-xl font-bold [overflow-wrap:anywhere] text-slate-900">Call {leadName}</h2>
            {ready ? (
              <p className="mt-1 text-sm text-slate-600">
                Lead&apos;s local time: <span className="font-medium text-slate-900">{ready.leadLocalTime}</span>
              </p>
            ) : null}
          </div>
          <Link to={`/applications/${leadId}`} className={buttonClass("secondary")}>
            Back to the lead
          </Link>
        </div>

        {"problem" in check ? <p className="text-sm text-slate-700">{check.problem}</p> : null}

        {calling ? (
          <div className="space-y-4">
            {dial ? <DialOnce href={`tel:${calling.phone}`} /> : null}
            <div className="rounded-md bg-green-50 p-3 ring-1 ring-green-200">
              <p className="text-sm text-green-900">
                Calling {leadName} at <span className="font-semibold">{calling.phoneDisplay}</span>
                {calling.overridden.length ? " (overridden by an administrator)" : ""}
              </p>
              <a href={`tel:${calling.phone}`} className={`${buttonClass()} mt-2`}>
                Dial {calling.phoneDisplay}
              </a>
            </div>
            <OutcomeForm call={calling} />
          </div>
        ) : ready ? (
          <div className="space-y-4">
            {ready.allowed ? (
              <Form method="post">
                <input type="hidden" name="phone" value={ready.phone} />
                <p className="mb-2 text-sm text-slate-700">Calling is allowed now.</p>
                <Button name="intent" value="call">
                  Call {phoneText(ready.phone)}
                </Button>
              </Form>
            ) : (
              <>
                <Refusal check={ready} />
                {isAdmin ? <OverrideForm check={ready} /> : null}
              </>
            )}
          </div>
        ) : null}
      </Card>

      <Card className="p-4 sm:p-6">
        <h3 className="mb-2 text-sm font-semibold tracking-wide text-slate-700 uppercase">Call log</h3>
        <CallLog calls={calls} timezone={timezone} />
      </Card>
    </div>
  );
}
