import { useRouteLoaderData } from "@remix-run/react";

/** The CSP nonce of this response, for Remix's inline scripts. */
export function useNonce() {
  const data = useRouteLoaderData("root") as { nonce?: string } | undefined;
  return data?.nonce || undefined;
}
