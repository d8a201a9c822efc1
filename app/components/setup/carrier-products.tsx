import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field, FieldErrors } from "~/components/ui/field";
import { isCombined } from "~/domain/carriers";
import { rowErrors } from "~/domain/row-messages";
import { COMMISSION_RATE_LIMITS } from "~/domain/commission-rate-limits";
import type { DraftCarrier } from "~/domain/setup-draft";
import { errorsFor, type FieldErrorMap } from "./setup-parts";

const RATE_INPUT = {
  type: "number",
  inputMode: "decimal",
  min: COMMISSION_RATE_LIMITS.min,
  max: COMMISSION_RATE_LIMITS.max,
  step: COMMISSION_RATE_LIMITS.step,
} as const;

/**
 * One carrier's products with their commission rates. Combined's four products are fixed: the
 * names are shown, not editable, and only the rates can be set.
 *
 * addMode "row" (wizard): Add Product appends an empty row. addMode "inline" (setup screen): a
 * name and percentage are filled in first and checked when added.
 */
export function CarrierProducts({
  index,
  carrier,
  errors,
  addMode,
  removable = false,
  newProduct,
  newProductErrors,
}: {
  index: number;
  carrier: DraftCarrier;
  errors: FieldErrorMap;
  addMode: "row" | "inline";
  removable?: boolean;
  newProduct?: { name: string; commissionRate: string };
  newProductErrors?: string[];
}) {
  const fixed = isCombined(carrier.name);
  const base = `carriers[${index}]`;
  const headingId = `carrier-${index}-heading`;
  return (
    <Card className="p-4">
      <section aria-labelledby={headingId} className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id={headingId} className="font-semibold text-slate-900">
            {carrier.name}
            {fixed ? (
              <span className="ml-2 text-xs font-normal text-slate-500">Fixed products: set the rates only</span>
            ) : null}
          </h3>
          {removable ? (
            <Button
              variant="ghost"
              className="min-h-8 px-2 py-1 text-red-700"
              name="intent"
              value={`remove-carrier:${index}`}
              aria-label={`Remove ${carrier.name}`}
            >
              Remove carrier
            </Button>
          ) : null}
        </div>
        <input type="hidden" name={`${base}.name`} value={carrier.name} />
        <FieldErrors errors={errorsFor(errors, `${base}.name`)} />
        <FieldErrors errors={errorsFor(errors, `${base}.products`)} />

        {carrier.products.length === 0 ? <p className="text-sm text-slate-500">No products yet.</p> : null}
        <ul className="space-y-3">
          {carrier.products.map((product, j) => {
            const name = `${base}.products[${j}].name`;
            const rate = `${base}.products[${j}].commissionRate`;
            const id = `c${index}-p${j}`;
            return (
              <li
                key={j}
                className={`grid grid-cols-1 items-start gap-2 border-b border-slate-100 pb-3 last:border-0 last:pb-0 sm:border-0 sm:pb-0 ${
                  fixed ? "min-[420px]:grid-cols-[1fr_11rem] sm:grid-cols-[1fr_12rem]" : "sm:grid-cols-[1fr_12rem_auto]"
                }`}
              >
                {fixed ? (
                  <div>
                    <p className="mb-1 hidden text-sm font-medium text-slate-700 min-[420px]:block">Product</p>
                    <p className="flex items-center text-sm font-medium text-slate-900 min-[420px]:min-h-10 min-[420px]:font-normal">
                      {product.name}
                    </p>
                    <input type="hidden" name={name} value={product.name} />
                  </div>
                ) : (
                  <Field
                    id={`${id}-name`}
                    name={name}
                    label="Product name"
                    defaultValue={product.name}
                    autoComplete="off"
                    errors={rowErrors(name, errorsFor(errors, name))}
                  />
                )}
                <Field
                  id={`${id}-rate`}
                  name={rate}
                  label={
                    <span>
                      Commission %<span className="sr-only"> for {product.name || "this product"}</span>
                    </span>
                  }
                  defaultValue={product.commissionRate}
                  errors={rowErrors(rate, errorsFor(errors, rate))}
                  {...RATE_INPUT}
                />
                {fixed ? null : (
                  <Button
                    variant="ghost"
                    className="justify-self-end text-red-700 sm:mt-6"
                    name="intent"
                    value={`remove-product:${index}:${j}`}
                    aria-label={`Remove ${product.name || "this product"} from ${carrier.name}`}
                  >
                    Remove
                  </Button>
                )}
              </li>
            );
          })}
        </ul>

        {fixed ? null : addMode === "row" ? (
          <Button variant="secondary" name="intent" value={`add-product:${index}`}>
            + Add Product
          </Button>
        ) : (
          <div className="rounded-md bg-slate-50 p-3 ring-1 ring-slate-200">
            <p className="mb-2 text-sm font-medium text-slate-700">Add a product to {carrier.name}</p>
            <div className="grid grid-cols-1 items-end gap-2 sm:grid-cols-[1fr_12rem_auto]">
              <Field
                id={`new-${index}-name`}
                name={`newProducts[${index}].name`}
                label="Product name"
                defaultValue={newProduct?.name ?? ""}
                autoComplete="off"
              />
              <Field
                id={`new-${index}-rate`}
                name={`newProducts[${index}].commissionRate`}
                label="Comp %"
                defaultValue={newProduct?.commissionRate ?? ""}
                {...RATE_INPUT}
              />
              <Button variant="secondary" name="intent" value={`add-product:${index}`}>
                Add
              </Button>
            </div>
            <FieldErrors errors={newProductErrors} />
          </div>
        )}
      </section>
    </Card>
  );
}
