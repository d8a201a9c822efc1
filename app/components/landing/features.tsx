import { Icon, type IconName } from "./icons";

const FEATURES: { icon: IconName; title: string; text: string }[] = [
  {
    icon: "users",
    title: "Lead Management",
    text: "Every lead in one list with its status, callbacks and full history, assigned to the right agent.",
  },
  {
    icon: "chart",
    title: "Performance Analytics",
    text: "Leads, sales, conversion rates and revenue per agent and per period, at a glance.",
  },
  {
    icon: "money",
    title: "Commission Tracking",
    text: "First-year commissions calculated for each sale, with a 9-month payment tracker per policy.",
  },
  {
    icon: "shield",
    title: "Secure Platform",
    text: "Encrypted sensitive data, role-based access and masked account numbers keep client data safe.",
  },
];

export function Features() {
  return (
    <section id="features" aria-labelledby="features-title" className="scroll-mt-20 bg-white py-16 sm:py-20">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <h2 id="features-title" className="text-center text-2xl font-bold text-slate-900 sm:text-3xl">
          Everything your agency needs
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-center text-slate-600">
          From the first call to the ninth premium payment.
        </p>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {FEATURES.map((f) => (
            <li key={f.title} className="rounded-lg bg-slate-50 p-6 ring-1 ring-slate-200">
              <span className="inline-flex rounded-md bg-brand-100 p-2 text-brand-700">
                <Icon name={f.icon} />
              </span>
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{f.title}</h3>
              <p className="mt-2 text-sm text-slate-600">{f.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
