import { Link } from "@remix-run/react";

const SECTION_LINKS = [
  { href: "#features", label: "Features" },
  { href: "#pricing", label: "Pricing" },
  { href: "#get-started", label: "Get Started" },
  { href: "#contact", label: "Contact" },
] as const;

const navLink = "rounded-md px-2 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900";

/** Brand, in-page anchors and Login. No menu button: the links wrap under the brand on phones. */
export function TopBar() {
  return (
    <header className="border-b border-slate-200 bg-white md:sticky md:top-0 md:z-30">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-6 gap-y-1 px-4 py-3 sm:px-6">
        <Link to="/" className="text-xl font-bold text-brand-700">
          Agency CRM
        </Link>
        <nav
          aria-label="Sections"
          className="order-last -mx-2 flex w-full flex-wrap md:order-none md:mx-0 md:w-auto md:flex-1 md:justify-center"
        >
          {SECTION_LINKS.map((link) => (
            <a key={link.href} href={link.href} className={navLink}>
              {link.label}
            </a>
          ))}
        </nav>
        <Link
          to="/login"
          className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700"
        >
          Login
        </Link>
      </div>
    </header>
  );
}
