import { Form } from "@remix-run/react";
import { useState } from "react";
import { Card, StatCards } from "~/components/ui/card";
import { DataTable } from "~/components/ui/data-table";
import { Field } from "~/components/ui/field";
import { Button } from "~/components/ui/button";
import { formatMoney } from "~/domain/format";
import { readCalculatorInput, type QuoteMonth } from "~/domain/ledger";
import { useHydrated } from "~/utils/hydrated";

/**
 * The commission calculator of both portals: a GET form (`?monthlyPremium=&compPercentage=`), so
 * without JavaScript Calculate asks the server, which answers with the same figures; with it the
 * figures follow what is typed. The figures come from the function that prices a sale.
 */
export type CalculatorInput = { monthlyPremium: string; compPercentage: string; sent: boolean };

/**
 * The calculator's URL: the two boxes as typed, and whether Calculate was pressed. An empty form
 * sent is `?monthlyPremium=&compPercentage=`, which must still show the required messages.
 */
export function calculatorInputFromUrl(url: string): CalculatorInput {
  const params = new URL(url).searchParams;
  return {
    monthlyPremium: params.get("monthlyPremium") ?? "",
    compPercentage: params.get("compPercentage") ?? "",
    sent: params.has("monthlyPremium") || params.has("compPercentage"),
  };
}

export function CommissionCalculator({ initial }: { initial: CalculatorInput }) {
  const hydrated = useHydrated();
  const [values, setValues] = useState({
    monthlyPremium: initial.monthlyPremium,
    compPercentage: initial.compPercentage,
  });
  // Messages wait until a box has been left or the form sent, so typing a first digit is not an error.
  const [touched, setTouched] = useState({ monthlyPremium: false, compPercentage: false });
  const [submitted, setSubmitted] = useState(false);
  const sent = initial.sent || submitted;
  const { quote, errors } = readCalculatorInput(values);
  const shown = (name: keyof typeof touched) => (sent || touched[name] ? errors[name] : undefined);
  const field = (name: keyof typeof touched) => ({
    id: name,
    name,
    value: values[name],
    onChange: (event: { currentTarget: HTMLInputElement }) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [name]: value }));
    },
    onBlur: () => setTouched((current) => ({ ...current, [name]: true })),
    inputMode: "decimal" as const,
    autoComplete: "off",
    errors: shown(name) ? [shown(name)!] : undefined,
  });
  return (
    <div className="space-y-5">
      <Card className="p-4 sm:p-6">
        <Form
          method="get"
          replace
          preventScrollReset
          // With JavaScript the messages show at once, not only after the URL has changed.
          onSubmit={() => setSubmitted(true)}
          className="grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-start"
        >
          <Field label="Monthly Premium ($)" placeholder="e.g. 85.50" {...field("monthlyPremium")} />
          <Field label="Comp %" placeholder="e.g. 100" hint="Above 100 is allowed." {...field("compPercentage")} />
          <Button type="submit" variant={hydrated ? "secondary" : "primary"} className="sm:mt-6">
            Calculate
          </Button>
        </Form>
      </Card>
      {quote ? (
        <section aria-labelledby="quote-heading" className="space-y-4">
          <h2 id="quote-heading" className="sr-only">
            Commission
          </h2>
          <StatCards
            items={[
              {
                label: "Monthly Commission",
                value: formatMoney(quote.monthlyCommissionCents),
                caption: "Premium x comp %",
              },
              {
                label: "First-Year Commission",
                value: formatMoney(quote.firstYearCommissionCents),
                caption: "9 months, paid as the advance",
              },
              { label: "Annual Premium", value: formatMoney(quote.annualPremiumCents), caption: "12 months" },
            ]}
          />
          <Card className="overflow-hidden">
            <h3 className="border-b border-slate-200 px-4 py-3 font-semibold text-slate-900">
              How the advance is earned
            </h3>
            <p className="px-4 pt-3 text-sm text-slate-600">
              The first-year commission is advanced at the sale and earned one ninth a month as the customer pays; if
              the policy lapses, the part not yet earned is charged back.
            </p>
            <DataTable<QuoteMonth>
              caption="Advance earned month by month"
              rows={quote.schedule}
              rowKey={(month) => String(month.month)}
              empty=""
              dense
              columns={[
                { header: "Month", cell: (month) => `Month ${month.month}` },
                { header: "Earned this month", cell: (month) => formatMoney(month.earnedCents), align: "right" },
                { header: "Earned to date", cell: (month) => formatMoney(month.earnedToDateCents), align: "right" },
                { header: "Unearned advance", cell: (month) => formatMoney(month.unearnedCents), align: "right" },
              ]}
            />
          </Card>
        </section>
      ) : (
        <p className="text-sm text-slate-600">Enter a monthly premium and a comp % to see the commission.</p>
      )}
    </div>
  );
}
