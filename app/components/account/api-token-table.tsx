import { Link } from "@remix-run/react";
import { Badge } from "~/components/ui/card";
import { DataTable, type Column } from "~/components/ui/data-table";
import { API_TOKEN_SCOPE_LABELS } from "~/domain/api-tokens";
import { formatDate, formatDateTime } from "~/domain/format";
import type { ApiTokenView } from "~/services/api-tokens.server";
import { hrefWith } from "~/utils/list";

/** A token as the page lists it: expired decided by the loader, so server and browser agree. */
export type ApiTokenRow = ApiTokenView & { expired: boolean };

const never = <span className="text-slate-600">Never</span>;

/** The caller's tokens (never the tokens themselves), cards on a phone. */
export function ApiTokenTable({ tokens, here, timezone }: { tokens: ApiTokenRow[]; here: string; timezone: string }) {
  const columns: Column<ApiTokenRow>[] = [
    {
      header: "Name",
      cell: (token) => <span className="font-medium text-slate-900">{token.name}</span>,
      className: "sm:[&_.cell-value]:[overflow-wrap:break-word]",
    },
    { header: "Token", cell: (token) => <span className="font-mono">{token.prefix}…</span> },
    {
      header: "Access",
      cell: (token) => (
        <Badge
          className={
            token.scope === "read"
              ? "bg-gray-100 text-gray-700 ring-gray-500/20"
              : "bg-amber-100 text-amber-800 ring-amber-600/20"
          }
        >
          {API_TOKEN_SCOPE_LABELS[token.scope]}
        </Badge>
      ),
    },
    {
      header: "Created",
      cell: (token) => <time dateTime={token.createdAt}>{formatDate(token.createdAt, timezone)}</time>,
      className: "sm:whitespace-nowrap",
    },
    {
      header: "Last used",
      cell: (token) =>
        token.lastUsedAt ? (
          <time dateTime={token.lastUsedAt}>{formatDateTime(token.lastUsedAt, timezone)}</time>
        ) : (
          never
        ),
    },
    {
      header: "Expires",
      cell: (token) =>
        token.expiresAt ? (
          <>
            {token.expired ? <Badge className="bg-red-100 text-red-800 ring-red-600/20">Expired</Badge> : null}{" "}
            <time dateTime={token.expiresAt}>{formatDate(token.expiresAt, timezone)}</time>
          </>
        ) : (
          never
        ),
    },
    {
      header: "Actions",
      actions: true,
      cell: (token) => (
        <Link
          to={hrefWith(here, { dialog: "revoke", id: token.id })}
          preventScrollReset
          className="inline-flex min-h-10 items-center rounded px-2 py-1 text-sm font-medium text-red-700 hover:bg-slate-100 sm:min-h-0"
          aria-label={`Revoke ${token.name}`}
        >
          Revoke
        </Link>
      ),
    },
  ];
  return (
    <DataTable
      caption="API tokens"
      columns={columns}
      rows={tokens}
      rowKey={(token) => token.id}
      dense
      empty="No API tokens yet. Create one for a tool that should reach your data."
    />
  );
}
