import { z } from "zod";
import { ApiToken } from "~db";
import {
  API_TOKEN_MAX_ACTIVE,
  API_TOKEN_MESSAGES as M,
  API_TOKEN_REQUESTS_PER_MINUTE,
  API_TOKEN_SCOPE_LABELS,
  API_TOKEN_SCOPES,
  type ApiTokenScope,
} from "~/domain/api-tokens";
import type { ApiTokenCreateInput } from "~/domain/schemas/api-tokens";
import { randomToken, sha256 } from "~/utils/crypto.server";
import { logActivity } from "./activity.server";
import { ServiceError, notFound } from "./errors.server";
import { serializedTransaction } from "./locks.server";
import { isUuid } from "./permissions.server";
import {
  SESSION_USER_COLUMNS,
  SessionUserColumns,
  agentSignInRefusal,
  sessionUserFromColumns,
  sessionUserJoin,
  type RequestMeta,
  type SessionUser,
} from "./sessions.server";
import { column, selectOne, selectRows, sql } from "./sql/reads.server";

// Personal API tokens (issue 27 item 4, decision 081). A user makes their own tokens, each shown
// once and stored as its SHA-256 with a short visible prefix; `Authorization: Bearer <token>` on
// an /api path then stands for that user (app/utils/auth.server.ts), with the user's permissions,
// read-only for a read token, rate limited per token, and every write it makes in the audit trail.

const TOKEN_MARK = "acrm_";
/** The mark and six characters of the random part: enough to tell a user's tokens apart. */
const PREFIX_LENGTH = TOKEN_MARK.length + 6;
const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** A token as its owner's list and the API show it: never the token nor its hash. */
export type ApiTokenView = {
  id: string;
  name: string;
  prefix: string;
  scope: ApiTokenScope;
  createdAt: string;
  lastUsedAt: string | null;
  expiresAt: string | null;
};

const TokenRow = z.object({
  id: column.text,
  name: column.text,
  prefix: column.text,
  scope: z.enum(["read", "read-write"]),
  createdAt: column.isoDate,
  lastUsedAt: column.isoDate.nullable(),
  expiresAt: column.isoDate.nullable(),
}) satisfies z.ZodType<ApiTokenView, z.ZodTypeDef, unknown>;

const TOKEN_COLUMNS = sql`t.id, t.name, t.token_prefix AS "prefix", t.scope, t.created_at AS "createdAt",
  t.last_used_at AS "lastUsedAt", t.expires_at AS "expiresAt"`;

/** The caller's tokens not revoked (expired ones too, marked by their date), newest first. */
export async function listApiTokens(actor: SessionUser): Promise<ApiTokenView[]> {
  // At most API_TOKEN_MAX_ACTIVE rows: the list is read whole, from the (user_id, created_at) index.
  return selectRows(
    sql`SELECT ${TOKEN_COLUMNS} FROM api_tokens t WHERE t.user_id = ${actor.id} AND t.revoked_at IS NULL
        ORDER BY t.created_at DESC, t.id DESC`,
    TokenRow,
  );
}

function scopeWords(scope: ApiTokenScope) {
  return API_TOKEN_SCOPE_LABELS[scope].toLowerCase();
}

/**
 * Makes a token for the caller. The token is in this answer only: what is kept is its hash and
 * prefix. Expiry: a number of days, a moment, or never. At most API_TOKEN_MAX_ACTIVE at once (409).
 */
export async function createApiToken(
  actor: SessionUser,
  input: ApiTokenCreateInput,
): Promise<{ token: ApiTokenView; secret: string }> {
  const secret = `${TOKEN_MARK}${randomToken(32)}`;
  const expiresAt =
    input.expiresAt ?? (input.expiresInDays ? new Date(Date.now() + input.expiresInDays * DAY_MS) : null);
  // Counted and added as one step per user, so parallel requests cannot pass the cap together.
  const id = await serializedTransaction([`api-tokens:${actor.id}`], async (transaction) => {
    const active = await ApiToken.count({ where: { userId: actor.id, revokedAt: null }, transaction });
    if (active >= API_TOKEN_MAX_ACTIVE) throw new ServiceError(409, M.tooMany);
    const row = await ApiToken.create(
      {
        userId: actor.id,
        name: input.name,
        tokenHash: sha256(secret),
        tokenPrefix: secret.slice(0, PREFIX_LENGTH),
        scope: input.scope,
        expiresAt,
      },
      { transaction },
    );
    await logActivity(
      {
        userId: actor.id,
        action: "api_token_created",
        entityType: "api_token",
        entityId: row.id,
        summary: `Created API token ${row.tokenPrefix}… "${input.name}" (${scopeWords(input.scope)}${
          expiresAt ? `, expires ${expiresAt.toISOString().slice(0, 10)}` : ", never expires"
        })`,
      },
      { transaction },
    );
    return row.id;
  });
  const token = await selectOne(sql`SELECT ${TOKEN_COLUMNS} FROM api_tokens t WHERE t.id = ${id}`, TokenRow);
  return { token: token!, secret };
}

/** Revokes one of the caller's tokens at once; another user's, an unknown or a revoked one is a 404. */
export async function revokeApiToken(actor: SessionUser, id: string): Promise<void> {
  if (!isUuid(id)) throw notFound(M.notFound);
  await serializedTransaction([`api-tokens:${actor.id}`], async (transaction) => {
    const row = await ApiToken.findOne({
      where: { id, userId: actor.id, revokedAt: null },
      attributes: ["id", "name", "tokenPrefix"],
      transaction,
    });
    if (!row) throw notFound(M.notFound);
    await ApiToken.update({ revokedAt: new Date() }, { where: { id }, transaction });
    await logActivity(
      {
        userId: actor.id,
        action: "api_token_revoked",
        entityType: "api_token",
        entityId: id,
        summary: `Revoked API token ${row.tokenPrefix}… "${row.name}"`,
      },
      { transaction },
    );
  });
}

/** Why a token is refused: the status and message the API answers, and when to try again (429). */
export type BearerRefusal = { status: 401 | 403 | 429; message: string; retryAfterSeconds?: number };

const TokenWithUser = SessionUserColumns.extend({
  tokenId: column.text,
  name: column.text,
  tokenPrefix: column.text,
  scope: z.enum(API_TOKEN_SCOPES),
  expiresAt: column.date.nullable(),
  revokedAt: column.date.nullable(),
});

const UseCounted = z.object({ count: column.integer, startedAt: column.date });

/**
 * Counts one request in the token's one-minute window and notes its last use, in one UPDATE of the
 * token's row (no row per request): a window older than a minute starts again at 1, and last use
 * moves at most once a minute. Answers the count so far in the window and when the window began.
 */
async function countUse(id: string, now: Date) {
  const minuteAgo = new Date(now.getTime() - MINUTE_MS);
  const current = sql`window_started_at IS NOT NULL AND window_started_at > ${minuteAgo}`;
  return (await selectOne(
    sql`UPDATE api_tokens SET
          window_count = CASE WHEN ${current} THEN window_count + 1 ELSE 1 END,
          window_started_at = CASE WHEN ${current} THEN window_started_at ELSE ${now} END,
          last_used_at = CASE WHEN last_used_at IS NOT NULL AND last_used_at > ${minuteAgo} THEN last_used_at ELSE ${now} END
        WHERE id = ${id}
        RETURNING window_count AS "count", window_started_at AS "startedAt"`,
    UseCounted,
  ))!;
}

const isRead = (method: string) => ["GET", "HEAD"].includes(method.toUpperCase());

/**
 * The user a Bearer token stands for on an /api request, or why it is refused: unknown, revoked or
 * expired (401), its user no longer allowed in (403, the sign-in's words), over its rate (429,
 * with the seconds to wait), or a read token asked to write (403). A write by a read-write token is
 * put in the audit trail: the method and path, never the body nor the token.
 */
export async function userFromBearerToken(
  token: string,
  method: string,
  path: string,
  meta: RequestMeta = {},
): Promise<{ user: SessionUser } | { refusal: BearerRefusal }> {
  const now = new Date();
  // One statement, read as a plain row, like a session's lookup.
  const row = await selectOne(
    sql`SELECT t.id AS "tokenId", t.name AS "name", t.token_prefix AS "tokenPrefix", t.scope AS "scope",
          t.expires_at AS "expiresAt", t.revoked_at AS "revokedAt", ${SESSION_USER_COLUMNS}
        FROM api_tokens t ${sessionUserJoin("t")}
        WHERE t.token_hash = ${sha256(token)}`,
    TokenWithUser,
  );
  if (!row) return { refusal: { status: 401, message: M.invalid } };
  if (row.revokedAt) return { refusal: { status: 401, message: M.revoked } };
  if (row.expiresAt && row.expiresAt.getTime() <= now.getTime()) {
    return { refusal: { status: 401, message: M.expired } };
  }
  const user = sessionUserFromColumns(row);
  const barred = user.role === "agent" ? agentSignInRefusal(user.agent?.status ?? "pending") : null;
  if (barred) return { refusal: { status: 403, message: barred } };

  const use = await countUse(row.tokenId, now);
  if (use.count > API_TOKEN_REQUESTS_PER_MINUTE) {
    const waitMs = use.startedAt.getTime() + MINUTE_MS - now.getTime();
    return {
      refusal: { status: 429, message: M.rateLimited, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) },
    };
  }
  if (isRead(method)) return { user };
  if (row.scope === "read") return { refusal: { status: 403, message: M.readOnly } };
  await logActivity({
    userId: user.id,
    action: "api_token_write",
    entityType: "api_token",
    entityId: row.tokenId,
    summary: `API token ${row.tokenPrefix}… "${row.name}": ${method.toUpperCase()} ${path}${
      meta.ip ? ` from ${meta.ip}` : ""
    }`,
  });
  return { user };
}
