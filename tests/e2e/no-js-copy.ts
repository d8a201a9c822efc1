import type { Browser, BrowserContext, Page } from "@playwright/test";

/**
 * The page as a browser without JavaScript has it, loaded where scripts run (axe-core and the
 * layout checks are scripts): the document the server sent, its <noscript> content unwrapped and
 * its scripts left out, served at the page's own address to a page with JavaScript on, with the
 * same stylesheets and viewport. Without JavaScript a browser parses <noscript> as markup and runs
 * nothing, so the copy lays out and reads exactly as that browser's page does.
 *
 * The copies of a worker share one browser context and page (tests/e2e/fixtures.ts hands over the
 * worker's browser, and the context closes with it): a fresh context for each check cost a second or
 * more on a busy machine, and the stylesheets now come from the context's cache.
 */

let workerBrowser: Browser | undefined;
let shared: { context: BrowserContext; page: Page } | undefined;

/** Called by the worker fixture in fixtures.ts: the browser the copies open in, and when it is done. */
export async function useBrowserForCopies(browser: Browser, run: () => Promise<void>) {
  workerBrowser = browser;
  try {
    await run();
  } finally {
    await shared?.context.close();
    shared = undefined;
    workerBrowser = undefined;
  }
}

async function copyPage() {
  if (!workerBrowser) throw new Error("No browser for the copies: import test from tests/e2e/fixtures.ts");
  if (!shared || shared.page.isClosed()) {
    const context = await workerBrowser.newContext({ javaScriptEnabled: true });
    shared = { context, page: await context.newPage() };
  }
  return shared.page;
}

/** The document without its scripts and with its <noscript> content as plain markup. */
function withoutScripts(html: string) {
  return html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "").replace(/<\/?noscript>/gi, "");
}

/**
 * The copy of `html` (the server's answer at `url`, or a no-JavaScript page's content) at the
 * viewport of `like`. It stays valid until the next copy is made in the worker.
 */
export async function scriptableCopy(like: Page, html: string, url = like.url()) {
  const copy = await copyPage();
  await copy.unrouteAll({ behavior: "ignoreErrors" });
  const viewport = like.viewportSize();
  if (viewport) await copy.setViewportSize(viewport);
  // The document itself is the copy; stylesheets, fonts and images come from the server.
  await copy.route(
    (address) => address.href === url,
    (route) => route.fulfill({ status: 200, contentType: "text/html", body: withoutScripts(html) }),
  );
  await copy.goto(url);
  return copy;
}

/**
 * What the server answers `page`'s browser at `path` (its cookies and client address): the
 * document a browser without JavaScript shows. Ask before the page with JavaScript opens it, since
 * its script may act on opening (a lead's page marks itself read).
 */
export async function servedDocument(page: Page, path: string) {
  // A kept-alive connection the server closes as the request goes out is reset: a GET asks again.
  const response = await page.request.get(path, { maxRetries: 2 });
  return { url: response.url(), html: await response.text() };
}

/**
 * Whether the page's content (its <main>, else its <body>) differs from the served document's
 * once React has run: elements, attributes and text, scripts aside. Where it does not, a check
 * of the page with JavaScript has checked the page without it too. The shell around <main> (the
 * bell, the time zone's Set button, the toasts) differs on every portal page; the accessibility
 * and layout specs check it without JavaScript on a page of each portal.
 */
export async function differsWithoutJs(page: Page, html: string) {
  return page.evaluate((served) => {
    const shape = (root: Element | null) => {
      const parts: string[] = [];
      const walk = (node: Node) => {
        if (node.nodeType === Node.TEXT_NODE) {
          parts.push(node.textContent ?? "");
          return;
        }
        if (node.nodeType !== Node.ELEMENT_NODE) return;
        const element = node as Element;
        if (element.tagName === "SCRIPT") return;
        const attributes = [...element.attributes].map((a) => `${a.name}="${a.value}"`).sort();
        parts.push(`<${element.tagName} ${attributes.join(" ")}>`);
        element.childNodes.forEach(walk);
        parts.push(`</${element.tagName}>`);
      };
      if (root) walk(root);
      return parts.join("").replace(/\s+/g, " ");
    };
    // A parsed document runs no script, so its <noscript> holds markup, as in such a browser.
    const document_ = new DOMParser().parseFromString(served, "text/html");
    const content = (doc: Document) => doc.querySelector("main") ?? doc.body;
    return shape(content(document_)) !== shape(content(document));
  }, html);
}
