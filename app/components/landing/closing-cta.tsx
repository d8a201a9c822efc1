import { Link } from "@remix-run/react";

export function ClosingCta() {
  return (
    <section aria-labelledby="cta-title" className="bg-brand-700 text-white">
      <div className="mx-auto flex max-w-6xl flex-col items-start gap-6 px-4 py-14 sm:px-6 md:flex-row md:items-center md:justify-between">
        <div>
          <h2 id="cta-title" className="text-2xl font-bold sm:text-3xl">
            Ready to grow your agency?
          </h2>
          <p className="mt-2 text-blue-50">Already a customer? Sign in to pick up where you left off.</p>
        </div>
        <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
          <Link
            to="/login"
            className="inline-flex min-h-11 items-center justify-center rounded-md bg-white px-6 py-3 font-semibold text-brand-700 hover:bg-blue-50 focus-visible:outline-white"
          >
            Login to CRM
          </Link>
          <a
            href="#get-started"
            className="inline-flex min-h-11 items-center justify-center rounded-md px-6 py-3 font-semibold text-white ring-1 ring-white/70 ring-inset hover:bg-white/10 focus-visible:outline-white"
          >
            Get Started
          </a>
        </div>
      </div>
    </section>
  );
}
