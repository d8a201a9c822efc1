import { Icon } from "./icons";

const REASONS = [
  {
    title: "Industry-Specific Design",
    text: "Built around final expense sales: carriers, products, beneficiaries and draft dates.",
  },
  { title: "Easy Setup", text: "Pick your carriers, products and licensed states once and start working leads." },
  {
    title: "Real-Time Notifications",
    text: "Agents hear about new and reassigned leads and payments due without refreshing.",
  },
  { title: "Mobile Responsive", text: "Work leads from a phone in the field as easily as from a desk." },
  {
    title: "Advanced Reporting",
    text: "Revenue, conversion and retention reports for any period, by agent or carrier.",
  },
  { title: "Dedicated Support", text: "A real team that knows insurance agencies answers your questions." },
];

export function WhyChooseUs() {
  return (
    <section aria-labelledby="why-title" className="py-16 sm:py-20">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <h2 id="why-title" className="text-center text-2xl font-bold text-slate-900 sm:text-3xl">
          Why choose Agency CRM
        </h2>
        <ul className="mt-10 grid gap-x-8 gap-y-6 sm:grid-cols-2 lg:grid-cols-3">
          {REASONS.map((r) => (
            <li key={r.title} className="flex gap-3">
              <span className="mt-0.5 shrink-0 text-green-700">
                <Icon name="check" />
              </span>
              <div>
                <h3 className="font-semibold text-slate-900">{r.title}</h3>
                <p className="mt-1 text-sm text-slate-600">{r.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
