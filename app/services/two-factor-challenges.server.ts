import { Op } from "sequelize";
import { TwoFactorChallenge } from "~db";
import { randomToken, sha256 } from "~/utils/crypto.server";

// The step between a right password and a right code (decision 079): a random token the client
// holds (a short-lived cookie on the page, the API's `challenge`), stored only as its SHA-256,
// bound to one user, good for five minutes and deleted when used. Its own module, apart from the
// rest of two-factor sign-in, because the password step (auth.server) issues it and the code step
// (two-factor.server) opens the session through auth.server.

export const CHALLENGE_TTL_MS = 5 * 60_000;

export async function issueTwoFactorChallenge(userId: string) {
  const token = randomToken();
  // A user's unused, expired challenges go when they are issued a new one.
  await TwoFactorChallenge.destroy({ where: { userId, expiresAt: { [Op.lt]: new Date() } } });
  await TwoFactorChallenge.create({ id: sha256(token), userId, expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS) });
  return token;
}

/** The user a live challenge belongs to, or null when it is unknown, used or expired. */
export async function challengeUserId(token: string): Promise<string | null> {
  if (!token) return null;
  const challenge = await TwoFactorChallenge.findOne({
    where: { id: sha256(token), expiresAt: { [Op.gt]: new Date() } },
    attributes: ["userId"],
    raw: true,
  });
  return challenge?.userId ?? null;
}

/** Uses the challenge up: true for the one request that deleted it, so it opens one session only. */
export async function consumeChallenge(token: string) {
  return (await TwoFactorChallenge.destroy({ where: { id: sha256(token) } })) === 1;
}
