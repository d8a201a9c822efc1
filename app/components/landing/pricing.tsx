import { PRICING_PLANS } from "~/domain/plans";
import { Icon } from "./icons";

export function Pricing() {
  return (
    <section id="pricing" aria-labelledby="pricing-title" className="scroll-mt-20 bg-white py-16 sm:py-20">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <h2 id="pricing-title" className="text-center text-2xl font-bold text-slate-900 sm:text-3xl">
          Simple, transparent pricing
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-center text-slate-600">
          Pay per agent. Add leads when you want them.
        </p>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {PRICING_PLANS.map((plan) => (
            <li
              key={plan.id}
              className={`relative flex flex-col rounded-lg p-6 ${plan.mostPopular ? "bg-brand-50 ring-2 ring-brand-600" : "bg-white ring-1 ring-slate-200"}`}
            >
              {plan.mostPopular ? (
                <p className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-brand-600 px-3 py-1 text-xs font-semibold whitespace-nowrap text-white">
                  Most Popular
                </p>
              ) : null}
              <h3 className="text-lg font-semibold text-slate-900">{plan.name}</h3>
              <p className="mt-4">
                <span className="text-4xl font-bold tracking-tight text-slate-900">{plan.priceLabel}</span>
                {plan.period ? <span className="mt-1 block text-sm text-slate-600">{plan.period}</span> : null}
              </p>
              <ul className="mt-6 flex-1 space-y-2 text-sm text-slate-700">
                {plan.features.map((feature) => (
                  <li key={feature} className="flex gap-2">
                    <span className="shrink-0 text-brand-600">
                      <Icon name="check" className="size-5" />
                    </span>
                    {feature}
                  </li>
                ))}
              </ul>
              <a
                href="#get-started"
                className={`mt-6 inline-flex min-h-10 items-center justify-center rounded-md px-4 py-2 text-sm font-semibold ${plan.mostPopular ? "bg-brand-600 text-white hover:bg-brand-700" : "bg-white text-brand-700 ring-1 ring-brand-600 ring-inset hover:bg-brand-50"}`}
              >
                {plan.monthlyPriceCents === null ? "Contact Sales" : "Get Started"}
                <span className="sr-only"> with {plan.name}</span>
              </a>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
