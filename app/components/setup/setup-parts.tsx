import { Alert } from "~/components/ui/card";
import type { DraftNotice, SetupDraft } from "~/domain/setup-draft";
import { stateName } from "~/domain/states";

/** Field messages keyed by the input's name ("carriers[0].products[1].name"). */
export type FieldErrorMap = Record<string, string[] | null | undefined>;

export function errorsFor(errors: FieldErrorMap, name: string): string[] | undefined {
  return errors[name] ?? undefined;
}

/**
 * The parts of the draft a screen does not show as controls ride along as hidden inputs, so
 * every post carries everything chosen so far.
 */
export function DraftHiddenInputs({
  draft,
  carriers,
  states,
}: {
  draft: SetupDraft;
  carriers: boolean;
  states: boolean;
}) {
  return (
    <>
      {carriers
        ? draft.carriers.map((carrier, i) => (
            <div key={`${i}-${carrier.name}`} hidden>
              <input type="hidden" name={`carriers[${i}].name`} value={carrier.name} />
              {carrier.products.map((product, j) => (
                <span key={j}>
                  <input type="hidden" name={`carriers[${i}].products[${j}].name`} value={product.name} />
                  <input
                    type="hidden"
                    name={`carriers[${i}].products[${j}].commissionRate`}
                    value={product.commissionRate}
                  />
                </span>
              ))}
            </div>
          ))
        : null}
      {states
        ? draft.licensedStates.map((code) => <input key={code} type="hidden" name="licensedStates" value={code} />)
        : null}
    </>
  );
}

/** A button's message: Cannot Remove Product, States Added, Setup failed ... */
export function SetupNotice({ notice }: { notice?: DraftNotice | null }) {
  if (!notice || notice.field) return null;
  return (
    <Alert tone={notice.tone === "error" ? "error" : "success"}>
      {notice.title ? <p className="font-semibold">{notice.title}</p> : null}
      <p>{notice.text}</p>
    </Alert>
  );
}

/** A message tied to one side field (typed carrier, typed state, bulk box, new product). */
export function noticeFor(notice: DraftNotice | null | undefined, field: string): string[] | undefined {
  if (!notice || notice.field !== field) return undefined;
  return [notice.title ? `${notice.title}: ${notice.text}` : notice.text];
}

function formatRate(rate: string) {
  return rate.trim() === "" ? "not set" : `${rate}%`;
}

export function SetupReview({ draft }: { draft: SetupDraft }) {
  return (
    <div className="space-y-6">
      <section aria-labelledby="review-carriers">
        <h3 id="review-carriers" className="text-sm font-semibold tracking-wide text-slate-500 uppercase">
          Carriers and products ({draft.carriers.length})
        </h3>
        <ul className="mt-2 space-y-3">
          {draft.carriers.map((carrier) => (
            <li key={carrier.name} className="rounded-md bg-slate-50 p-3 ring-1 ring-slate-200">
              <p className="font-semibold text-slate-900">{carrier.name}</p>
              <ul className="mt-1 space-y-0.5 text-sm text-slate-700">
                {carrier.products.map((product, j) => (
                  <li key={j} className="flex justify-between gap-4">
                    <span>{product.name || "Unnamed product"}</span>
                    <span className="tabular-nums">{formatRate(product.commissionRate)}</span>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="review-states">
        <h3 id="review-states" className="text-sm font-semibold tracking-wide text-slate-500 uppercase">
          Licensed states ({draft.licensedStates.length})
        </h3>
        <p className="mt-2 text-sm text-slate-700">{draft.licensedStates.map(stateName).join(", ") || "None"}</p>
      </section>
    </div>
  );
}

export const WIZARD_STEPS = ["Carriers", "Products", "States", "Review"] as const;

/** The step bar: finished steps carry a check mark, the current one is marked for screen readers. */
export function WizardSteps({ step }: { step: number }) {
  return (
    <ol className="grid grid-cols-4 gap-2" aria-label="Setup steps">
      {WIZARD_STEPS.map((label, i) => {
        const number = i + 1;
        const done = number < step;
        const current = number === step;
        return (
          <li
            key={label}
            aria-current={current ? "step" : undefined}
            className="flex flex-col items-center gap-1 text-center sm:flex-row sm:gap-2 sm:text-left"
          >
            <span
              className={`flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-semibold ${
                done ? "bg-green-700 text-white" : current ? "bg-brand-600 text-white" : "bg-slate-200 text-slate-600"
              }`}
            >
              {done ? <span aria-label="completed">✓</span> : number}
            </span>
            <span className={`text-xs font-medium sm:text-sm ${current ? "text-slate-900" : "text-slate-500"}`}>
              {label}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
