import { redirect } from "@remix-run/node";

/** /account opens its first tab. */
export function loader() {
  return redirect("/account/security");
}
