import { Link } from "@remix-run/react";

export function Hero() {
  return (
    <section aria-labelledby="hero-title" className="bg-linear-to-br from-brand-800 to-brand-600 text-white">
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-24">
        <p className="text-sm font-semibold tracking-wide text-blue-100 uppercase">
          For final expense insurance agencies
        </p>
        <h1 id="hero-title" className="mt-3 max-w-3xl text-3xl font-bold tracking-tight text-balance sm:text-5xl">
          The CRM built for final expense insurance agencies
        </h1>
        <p className="mt-5 max-w-2xl text-lg text-blue-50">
          Manage leads, track every agent&apos;s performance and commissions, and follow each policy through its first
          nine months of payments, all in one secure place.
        </p>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row">
          <a
            href="#get-started"
            className="inline-flex min-h-11 items-center justify-center rounded-md bg-white px-6 py-3 text-base font-semibold text-brand-700 shadow-sm hover:bg-blue-50 focus-visible:outline-white"
          >
            Get Started
          </a>
          <Link
            to="/login"
            className="inline-flex min-h-11 items-center justify-center rounded-md px-6 py-3 text-base font-semibold text-white ring-1 ring-white/70 ring-inset hover:bg-white/10 focus-visible:outline-white"
          >
            Login to CRM
          </Link>
        </div>
      </div>
    </section>
  );
}
