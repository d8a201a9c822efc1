import { Link } from "@remix-run/react";

/**
 * The 404 page: unknown paths ($.tsx) and a 404 thrown by any loader (root.tsx's ErrorBoundary).
 * Its own module rather than an export of root.tsx: a route that imports root.tsx makes the
 * bundler split root into a shared file and a facade, one more script on every page.
 */
export function NotFoundPage() {
  return (
    <main className="flex min-h-full flex-col items-center justify-center px-6 py-24 text-center">
      <p className="text-5xl font-bold text-brand-600">404</p>
      <h1 className="mt-4 text-2xl font-bold text-slate-900">404 Page Not Found</h1>
      <p className="mt-2 text-slate-600">The page you are looking for does not exist or has moved.</p>
      <Link
        to="/"
        className="mt-6 rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
      >
        Go back home
      </Link>
    </main>
  );
}
