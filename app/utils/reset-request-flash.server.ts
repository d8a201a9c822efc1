import { createFlash } from "./flash.server";

/**
 * After a reset request the confirmation shows the email the visitor typed. It travels in a
 * short-lived flash read once (post/redirect/get), not in the URL, so the address stays out of
 * history, bookmarks and shared links.
 */
const sentEmailFlash = createFlash<string>("__reset_sent", 10 * 60, (value) =>
  typeof value === "string" && value ? value : null,
);

export function rememberSentEmail(email: string) {
  return sentEmailFlash.header(email);
}

/** The email of the request just sent, if any, and the header that forgets it. */
export async function readSentEmail(request: Request) {
  const { value, clearHeader } = await sentEmailFlash.read(request);
  return { email: value, clearHeader };
}
