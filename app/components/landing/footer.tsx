import { Link } from "@remix-run/react";
import { INFO_EMAIL, SUPPORT_EMAIL } from "~/domain/contact";

const footerLink =
  "inline-block py-1 text-slate-300 underline-offset-4 hover:text-white hover:underline focus-visible:outline-white";

export function Footer() {
  return (
    <footer id="contact" className="scroll-mt-20 bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:grid-cols-3 sm:px-6">
        <div>
          <p className="text-lg font-bold text-white">Agency CRM</p>
          <p className="mt-2 text-sm">Sales management for final expense life-insurance agencies and their agents.</p>
        </div>
        <nav aria-labelledby="footer-product">
          <h2 id="footer-product" className="text-sm font-semibold tracking-wide text-white uppercase">
            Product
          </h2>
          <ul className="mt-3 space-y-1 text-sm">
            <li>
              <a href="#features" className={footerLink}>
                Features
              </a>
            </li>
            <li>
              <a href="#pricing" className={footerLink}>
                Pricing
              </a>
            </li>
            <li>
              <a href="#get-started" className={footerLink}>
                Get Started
              </a>
            </li>
            <li>
              <Link to="/login" className={footerLink}>
                Login
              </Link>
            </li>
          </ul>
        </nav>
        <div>
          <h2 className="text-sm font-semibold tracking-wide text-white uppercase">Contact</h2>
          <ul className="mt-3 space-y-1 text-sm">
            <li>
              Support:{" "}
              <a href={`mailto:${SUPPORT_EMAIL}`} className={footerLink}>
                {SUPPORT_EMAIL}
              </a>
            </li>
            <li>
              General inquiries:{" "}
              <a href={`mailto:${INFO_EMAIL}`} className={footerLink}>
                {INFO_EMAIL}
              </a>
            </li>
          </ul>
        </div>
      </div>
      <div className="border-t border-slate-800">
        <p className="mx-auto max-w-6xl px-4 py-6 text-sm text-slate-400 sm:px-6">
          © 2025 Agency CRM. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
