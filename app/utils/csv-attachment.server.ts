/**
 * A CSV file as the browser downloads it (the reports' and persistency's Export CSV): an
 * attachment named `filename`, never cached, never sniffed as anything but CSV. `body` is the
 * whole text or a stream of it.
 */
export function csvAttachment(body: BodyInit, filename: string) {
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
