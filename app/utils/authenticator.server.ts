import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { signIn, type SignInResult } from "~/services/auth.server";
import { requestMeta } from "./session.server";

/**
 * remix-auth drives the sign-in form; the strategy only hands the fields to the auth service,
 * which the /api/auth/login route calls too. Sessions are our own database rows, so the
 * authenticator returns the service's result and the route sets the cookie.
 */
export const authenticator = new Authenticator<SignInResult>();

authenticator.use(
  new FormStrategy(async ({ form, request }) =>
    signIn(
      { email: String(form.get("email") ?? ""), password: String(form.get("password") ?? "") },
      requestMeta(request),
    ),
  ),
  "form",
);
