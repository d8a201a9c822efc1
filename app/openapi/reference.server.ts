import { openApiDocument } from "./document.server";

// The reference page's reading of the OpenAPI document (/api/docs): each operation with its
// parameters, body and answers as flat lists of fields, so the page renders plain HTML with no
// schema viewer in the browser. Read once per process, like the document.

type Schema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  description?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  additionalProperties?: boolean | Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
};

type Document = ReturnType<typeof openApiDocument>;

/**
 * One field of a body or an answer: its dotted name ("user.agent.id", "[].id"), its type, whether
 * it must be there, and the named shapes its type is made of (listed once, in the page's Shapes).
 */
export type ReferenceField = { name: string; type: string; required: boolean; description?: string; shapes: string[] };

export type ReferenceOperation = {
  id: string;
  method: string;
  path: string;
  summary: string;
  description?: string;
  access: string;
  parameters: (ReferenceField & { in: string })[];
  body: { mediaTypes: string[]; fields: ReferenceField[] } | null;
  answers: { status: string; description: string; mediaType?: string; fields: ReferenceField[]; headers: string[] }[];
  /** The statuses it may refuse with, each the Error shape (their meanings are listed once). */
  refusals: string[];
};

type ReferenceTag = { name: string; slug: string; description?: string; operations: ReferenceOperation[] };

/** How deep a body is listed: deeper objects are named by their type only. */
const MAX_DEPTH = 4;

function componentName(ref: string) {
  return ref.split("/").pop() ?? ref;
}

function resolve(document: Document, schema: Schema): Schema {
  if (!schema.$ref) return schema;
  const name = componentName(schema.$ref);
  return (document.components?.schemas?.[name] as Schema | undefined) ?? {};
}

function typeOf(document: Document, schema: Schema): string {
  if (schema.$ref) return componentName(schema.$ref);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return variants.map((variant) => typeOf(document, variant)).join(" | ");
  if (schema.allOf) return schema.allOf.map((part) => typeOf(document, part)).join(" & ");
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(" | ");
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length === 0) return "any";
  return types
    .map((type) => {
      if (type === "array") return `${schema.items ? typeOf(document, schema.items) : "any"}[]`;
      if (type === "string" && schema.format) return `string (${schema.format})`;
      return type;
    })
    .join(" | ");
}

/** The named shapes a schema's type is made of: `LeadDetail`, `Payment` of `Payment[]`. */
function shapesOf(schema: Schema): string[] {
  if (schema.$ref) return [componentName(schema.$ref)];
  return [
    ...new Set([
      ...(schema.items ? shapesOf(schema.items) : []),
      ...[...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])].flatMap(shapesOf),
    ]),
  ];
}

/**
 * The fields of an object schema, its nested objects' and array items' fields after it, dotted.
 * A named shape is not listed again where it is used: its field names it (see `shapes`).
 */
function fieldsOf(document: Document, schema: Schema, prefix = "", depth = 0): ReferenceField[] {
  if (depth > MAX_DEPTH || schema.$ref) return [];
  if (schema.allOf) return schema.allOf.flatMap((part) => fieldsOf(document, part, prefix, depth));
  const items = schema.items;
  if (items && (schema.type === "array" || (Array.isArray(schema.type) && schema.type.includes("array")))) {
    return fieldsOf(document, items, `${prefix}[]`, depth + 1);
  }
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) {
    // A nullable object is anyOf [object, null]: its fields; a union of shapes: each one's.
    return variants.flatMap((variant) => fieldsOf(document, variant, prefix, depth));
  }
  const fields: ReferenceField[] = [];
  for (const [key, property] of Object.entries(schema.properties ?? {})) {
    const name = prefix ? `${prefix}.${key}` : key;
    fields.push({
      name,
      type: typeOf(document, property),
      required: schema.required?.includes(key) ?? false,
      description: property.description ?? resolve(document, property).description,
      shapes: shapesOf(property),
    });
    fields.push(...fieldsOf(document, property, name, depth + 1));
  }
  return fields;
}

const ACCESS: Record<string, string> = {
  "": "Public",
  sessionCookie: "Signed in (session cookie or API token)",
  postingKey: "A lead source's posting key",
};

function accessOf(security: Record<string, string[]>[] | undefined) {
  const first = Object.keys(security?.[0] ?? {})[0] ?? "";
  return ACCESS[first] ?? first;
}

const slugOf = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

type ReferenceShape = { name: string; description?: string; fields: ReferenceField[] };

function build(): {
  title: string;
  version: string;
  description: string;
  tags: ReferenceTag[];
  refusals: { status: string; description: string }[];
  shapes: ReferenceShape[];
} {
  const document = openApiDocument();
  const tags = new Map<string, ReferenceTag>();
  const refusalMeanings = new Map<string, string>();
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of ["get", "post", "put", "patch", "delete"] as const) {
      const operation = item?.[method];
      if (!operation) continue;
      const tagName = operation.tags?.[0] ?? "Other";
      const description = document.tags?.find((tag) => tag.name === tagName)?.description;
      const tag = tags.get(tagName) ?? { name: tagName, slug: slugOf(tagName), description, operations: [] };
      tags.set(tagName, tag);
      const parameters = (operation.parameters ?? []).map((parameter) => {
        const p = parameter as { name: string; in: string; required?: boolean; schema?: Schema; description?: string };
        return {
          name: p.name,
          in: p.in,
          type: p.schema ? typeOf(document, p.schema) : "string",
          required: p.required ?? false,
          description: p.description ?? p.schema?.description,
          shapes: [],
        };
      });
      const requestBody = operation.requestBody as { content?: Record<string, { schema?: Schema }> } | undefined;
      const bodyTypes = Object.keys(requestBody?.content ?? {});
      const bodySchema = bodyTypes.length ? requestBody!.content![bodyTypes[0]!]!.schema : undefined;
      const answers: ReferenceOperation["answers"] = [];
      const refusals: string[] = [];
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        const r = response as {
          description: string;
          content?: Record<string, { schema?: Schema }>;
          headers?: Record<string, unknown>;
        };
        const mediaType = Object.keys(r.content ?? {})[0];
        const schema = mediaType ? r.content![mediaType]!.schema : undefined;
        // A refusal is the same Error shape everywhere, and each status means the same on every
        // operation: named here, explained once on the page.
        if (schema?.$ref === "#/components/schemas/Error") {
          refusals.push(status);
          if (!refusalMeanings.has(status)) refusalMeanings.set(status, r.description);
          continue;
        }
        answers.push({
          status,
          description: r.description,
          mediaType,
          fields: schema ? bodyFields(document, schema) : [],
          headers: Object.keys(r.headers ?? {}),
        });
      }
      tag.operations.push({
        id: operation.operationId ?? slugOf(`${method} ${path}`),
        method: method.toUpperCase(),
        path,
        summary: operation.summary ?? "",
        description: operation.description,
        access: accessOf(operation.security as Record<string, string[]>[] | undefined),
        parameters,
        body: bodySchema ? { mediaTypes: bodyTypes, fields: bodyFields(document, bodySchema) } : null,
        answers,
        refusals,
      });
    }
  }
  return {
    title: document.info.title,
    version: document.info.version,
    description: document.info.description ?? "",
    tags: [...tags.values()],
    refusals: [...refusalMeanings.entries()]
      .map(([status, description]) => ({ status, description }))
      .sort((a, b) => a.status.localeCompare(b.status)),
    shapes: Object.entries(document.components?.schemas ?? {})
      .map(([name, schema]) => ({
        name,
        description: (schema as Schema).description,
        fields: bodyFields(document, schema as Schema),
      }))
      .sort((a, b) => a.name.localeCompare(b.name)),
  };
}

/** A body's fields; a body that is not an object (an array of rows, a string) is one line naming its type. */
function bodyFields(document: Document, schema: Schema): ReferenceField[] {
  const fields = fieldsOf(document, schema);
  return fields.length
    ? fields
    : [{ name: "(body)", type: typeOf(document, schema), required: true, shapes: shapesOf(schema) }];
}

let reference: ReturnType<typeof build> | undefined;

/** The reference page's data, built on first use and kept for the life of the process. */
export function apiReference() {
  reference ??= build();
  return reference;
}
