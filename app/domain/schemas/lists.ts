import { z } from "zod";

/**
 * A list field of at most `max` items. Zod reads every item of an array before it checks its
 * length, and a form field named `phones[10000000].phoneNumber` is a ten-million-item array made
 * from 40 bytes: minutes of CPU for one request, with the server blocked meanwhile. Only the first
 * `max + 1` items are read, one more than allowed, so the schema's own "at most" message still
 * shows. The schema given must have its own `.max(max, message)`.
 */
export function boundedList<S extends z.ZodTypeAny>(max: number, schema: S) {
  return z.preprocess(
    (value) => (Array.isArray(value) && value.length > max + 1 ? value.slice(0, max + 1) : value),
    schema,
  );
}
