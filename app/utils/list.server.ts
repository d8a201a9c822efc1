import { redirect } from "@remix-run/node";
import { hrefWith, pageCount, type Page } from "./list";

/**
 * A list page asked for past its end (its last row was just deleted, decided or moved, or the URL
 * was typed): throws a redirect to the page that now is the last, keeping every other parameter.
 * `param` names the page parameter of a page with several lists (Callbacks).
 */
export function redirectPastLastPage(
  url: URL,
  list: Pick<Page<unknown>, "rows" | "page" | "total" | "pageSize">,
  param = "page",
) {
  if (list.rows.length === 0 && list.page > 1 && list.total > 0) {
    throw redirect(hrefWith(url, { [param]: pageCount(list) }));
  }
}
