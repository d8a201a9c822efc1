// The malformed-input corpus of tests/api/fuzz-*.test.ts (issue 9, item 6): fixed lists of hostile
// values and a seeded generator that turns a route's well-formed body into many broken ones.
// Everything here is deterministic: the same seed gives the same requests on every run, so a
// failure found once is found again.

/** A small seeded generator (mulberry32): fast, and the same sequence for the same seed. */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
  };
}
export type Random = ReturnType<typeof seededRandom>;

/** A stable seed from a name, so adding a route does not change the cases of the others. */
export function seedOf(name: string) {
  let hash = 2166136261;
  for (let i = 0; i < name.length; i++) hash = Math.imul(hash ^ name.charCodeAt(i), 16777619);
  return hash >>> 0;
}

const HUGE_STRING = "A".repeat(100_000);

/** Text no form should choke on: each must be refused or stored, never crash a route. */
const ODD_STRINGS: readonly string[] = [
  HUGE_STRING,
  "nul\u0000byte",
  "\u0000",
  "lone\uD800surrogate",
  "\uDC00",
  "\u202Eevil\u202C.exe",
  "👩‍👩‍👧‍👦 🏳️‍🌈",
  "' OR '1'='1'; DROP TABLE users; --",
  '"; SELECT pg_sleep(1); --',
  "\\'\\\"",
  "%00",
  "%",
  "%zz",
  "9".repeat(400),
  "-1",
  "-0",
  "1e309",
  "-1e309",
  "NaN",
  "Infinity",
  "0x1F",
  "2023-02-29",
  "2026-13-45",
  "0000-00-00",
  // Real days far off (Postgres could not place the year 100 in a time zone).
  "0100-01-01",
  "9999-12-31",
  "../../../etc/passwd",
  "..\\..\\windows",
  "<script>alert(1)</script>",
  "   ",
  "",
  "line\r\nSet-Cookie: injected=1",
  "//evil.example",
  "/\t/evil.example",
  "\uFEFF\u200B",
  "null",
  "[]",
];

function nested(depth: number): unknown {
  let value: unknown = "deep";
  for (let i = 0; i < depth; i++) value = i % 2 ? { a: value } : [value];
  return value;
}

/** Values of the wrong type (or the right type with a hostile content) for any JSON field. */
const WRONG_VALUES: readonly unknown[] = [
  [],
  [1, "a", null],
  {},
  { nested: { deeper: [null, { x: 1 }] } },
  nested(400),
  0,
  -1,
  1.5,
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER + 2,
  true,
  false,
  null,
  ...ODD_STRINGS,
];

/** Number tokens JSON allows but a double cannot hold, written into the body as they are. */
const RAW_NUMBERS: readonly string[] = [
  "1e309",
  "-1e309",
  "123456789012345678901234567890123456789",
  "-0",
  "1e-400",
  "-99999999999999999999",
];

/** Bodies that are not JSON, sent as application/json. */
const BROKEN_JSON: readonly string[] = [
  "{",
  '{"a":',
  "[1,2",
  "{'a':1}",
  "\u0000",
  "nul",
  '{"a":1}}',
  '"unterminated',
  "\uFEFF{}",
  "\uD800",
];

/** Valid JSON that is not an object. */
const JSON_NON_OBJECTS: readonly unknown[] = [[], [{}], 42, -1, null, "text", true, nested(300)];

/** Valid JSON objects that try to reach past the schema. */
const JSON_TRICKS: readonly string[] = [
  '{"__proto__":{"isAdmin":true,"status":"approved"}}',
  '{"constructor":{"prototype":{"polluted":1}}}',
  '{"a":"\\ud800","b":"\\u0000"}',
  '{"":1,"\\u0000":"x","a\\u0000b":[],"\\ud800":{}}',
];

/** Ids a URL or a form can carry that match nothing, or match something of another kind. */
export const BAD_IDS: readonly string[] = [
  "not-a-uuid",
  "../",
  "../../admin",
  "x".repeat(5000),
  "00000000-0000-0000-0000-000000000000",
  "' OR '1'='1",
  "\u0000",
  "%00",
  "\uD800",
  "-1",
  "1e309",
  "9".repeat(400),
  "12345678-1234-1234-1234-1234567890ABCDEF",
  " 5f0c6c2e-0000-4000-8000-000000000000 ",
];

/** Query strings for lists, dashboards and dialogs that no page should answer with a 5xx. */
export const BAD_QUERIES: readonly string[] = [
  "period=custom&startDate=2023-02-29&endDate=2023-03-01",
  "period=custom&startDate=2026-13-45&endDate=2026-14-01",
  "period=custom&startDate=2026-05-01&endDate=2026-04-01",
  "period=custom&startDate=0000-00-00&endDate=9999-99-99",
  // Real calendar days far off: Postgres answered the year 100 with a 500 ("time zone displacement
  // out of range"); every period and date filter refuses them now.
  "period=custom&startDate=0100-01-01&endDate=2026-01-01",
  "period=custom&startDate=0001-01-01&endDate=0001-01-02",
  "period=custom&startDate=2026-01-01&endDate=9999-12-31",
  "period=custom&startDate=0100-01-01T00:00:00Z&endDate=2026-01-01T00:00:00%2B14:00",
  "period=custom&startDate=1969-12-31&endDate=1970-01-01",
  "period=custom",
  "period=evil",
  "chart=evil",
  "dateOfBirth=1950-02-30&count=99",
  "dateOfBirth=2999-12-31&from=2100-12-31&count=24",
  "dateOfBirth=0001-01-01&from=9999-12-31&count=1e309",
  "dateOfBirth=1950-03-05&from=2026-12-09&count=-1",
  "chart=90d&chart=1y",
  "timezone=Mars%2FOlympus",
  `timezone=${"x".repeat(5000)}`,
  "page=-1",
  "page=0",
  "page=1e309",
  "page=NaN",
  `page=${"9".repeat(400)}`,
  "pageSize=1e9",
  "pageSize=-5",
  "pageSize=0",
  "limit=0",
  "limit=-1",
  "limit=1e309",
  `limit=${"9".repeat(400)}`,
  "limit=abc&limit=5",
  "sort=evil",
  "status=evil&tab=evil",
  `search=${encodeURIComponent(HUGE_STRING)}`,
  "search=%00%27%20OR%201%3D1",
  "search=%ED%A0%80",
  "search=%E2%80%AEevil",
  "step=-1",
  "step=999",
  "step=1e309",
  "token=..%2F..%2F",
  `token=${"x".repeat(5000)}`,
  "token=%00",
  "done=1&token=",
  "redirectTo=%2F%09%2Fevil.example",
  "redirectTo=%0D%0ASet-Cookie:%20x=1",
  "dialog=edit&id=not-a-uuid",
  "dialog=edit&id=%00",
  "dialog=approve&agent=../",
  "dialog=view-password&agent=not-a-uuid",
  `dialog=edit&id=${"x".repeat(5000)}`,
  "page=2&page=-1&pageSize=1&pageSize=1e9",
  "%zz=%zz&period=%",
  "dialog=lead&id=not-a-uuid&reveal=%00,banking&copy=1&mode=evil",
  "agentId=%00&carrierId=../&state=ZZ&unread=2&sort=evil&status=won",
  "dateFrom=2026-02-30&dateTo=2026-13-45",
  "dateFrom=2026-05-01&dateTo=2026-04-01",
  "dateFrom=0000-00-00&dateTo=9999-12-31",
  "dateFrom=0100-01-01&dateTo=0100-01-02",
  "dateFrom=0100-01-01&dateTo=9999-12-31&period=custom&startDate=0100-01-01&endDate=0100-01-01",
  `dateFrom=${"9".repeat(400)}&dateTo=%00`,
  "carrierId=not-a-uuid&status=won",
  "carrierId=5f0c6c2e-7a1b-4c3d-8e9f-0a1b2c3d4e5f",
  "carrierId=%27%20OR%201%3D1&dateFrom=2026-01-01&dateFrom=evil",
  "dialog=cancel&id=not-a-uuid",
  "dialog=cancel&id=5f0c6c2e-7a1b-4c3d-8e9f-0a1b2c3d4e5f",
  "period=today&status=cancelled&search=%25_%5C",
  "userId=not-a-uuid&action=%00&applicationId=%27%20OR%201%3D1",
  "userId=5f0c6c2e-7a1b-4c3d-8e9f-0a1b2c3d4e5f&action=lead_sold&applicationId=00000000-0000-0000-0000-000000000000",
  "action=__proto__&userId=&dateFrom=0001-01-01&dateTo=0001-01-01",
];

/**
 * Cookie headers of someone who is not signed in but pretends to be: garbage, a huge value, bad
 * escapes, a real session cookie with its signature altered (`realCookie`), two session cookies.
 */
export function forgedCookies(realCookie: string): string[] {
  const tampered = realCookie.slice(0, -2) + (realCookie.endsWith("A") ? "BB" : "AA");
  return [
    "__session=garbage",
    `__session=${"A".repeat(8000)}`,
    "__session=%E0%A4%A",
    "__session=%00",
    '__session="unterminated',
    "__session=eyJhbGciOiJub25lIn0.e30.",
    tampered,
    `${realCookie.split("=")[0]}=; ${tampered}`,
    `__session=a; __session=b`,
    "=; ;; __session",
  ];
}

/** Multipart bodies no parser should accept, with the Content-Type that goes with each. */
const BROKEN_MULTIPART: readonly { contentType: string; body: string; what: string }[] = [
  { what: "garbage", contentType: "multipart/form-data; boundary=XYZ", body: "garbage" },
  {
    what: "no boundary",
    contentType: "multipart/form-data",
    body: '--XYZ\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--XYZ--\r\n',
  },
  {
    what: "truncated",
    contentType: "multipart/form-data; boundary=XYZ",
    body: '--XYZ\r\nContent-Disposition: form-data; name="email"\r\n\r\nvalue',
  },
  {
    what: "part without a name",
    contentType: "multipart/form-data; boundary=XYZ",
    body: "--XYZ\r\nContent-Disposition: form-data\r\n\r\nv\r\n--XYZ--\r\n",
  },
  { what: "empty boundary", contentType: "multipart/form-data; boundary=", body: "--\r\n\r\n" },
  {
    what: "wrong boundary",
    contentType: "multipart/form-data; boundary=ABC",
    body: '--XYZ\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--XYZ--\r\n',
  },
];

/** Bodies of a type no route reads. */
const OTHER_BODIES: readonly { contentType: string | null; body: string | Blob; what: string }[] = [
  { what: "text/plain JSON", contentType: "text/plain", body: '{"a":1}' },
  { what: "xml", contentType: "application/xml", body: "<a><b/></a>" },
  { what: "bad %-escapes as a form", contentType: "application/x-www-form-urlencoded", body: "%zz=%zz&a=%&b=%E0%A4%A" },
  { what: "utf-16 JSON", contentType: "application/json; charset=utf-16", body: '{"a":1}' },
  {
    what: "invalid UTF-8 bytes",
    contentType: "application/json",
    body: new Blob([new Uint8Array([0xff, 0xfe, 0x00, 0xc3])]),
  },
  { what: "octet-stream", contentType: "application/octet-stream", body: new Blob([new Uint8Array([0, 1, 2, 255])]) },
  { what: "no Content-Type", contentType: null, body: "intent=x&a=b" },
];

// ---------------------------------------------------------------------------------------------
// Bodies

/** One request body as sent: its Content-Type (null for none) and the bytes. */
export type FuzzBody = { kind: string; detail: string; contentType: string | null; body?: BodyInit };

export type JsonValue = unknown;
type Path = (string | number)[];

/** Every leaf of a JSON value, as paths ("carriers", 0, "products", 0, "name"). */
function leafPaths(value: JsonValue, prefix: Path = []): Path[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => leafPaths(item, [...prefix, i]));
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([key, item]) => leafPaths(item, [...prefix, key]));
  }
  return [prefix];
}

function setAt(value: JsonValue, path: Path, replacement: unknown): JsonValue {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as Record<string, unknown>) }) as Record<
    string | number,
    unknown
  >;
  copy[head!] = setAt(copy[head!], rest, replacement);
  return copy;
}

function withoutAt(value: JsonValue, path: Path): JsonValue {
  if (path.length === 1) {
    if (Array.isArray(value)) return value.filter((_, i) => i !== path[0]);
    const { [path[0]!]: _dropped, ...rest } = value as Record<string, unknown>;
    return rest;
  }
  const [head, ...rest] = path;
  return setAt(value, [head!], withoutAt((value as Record<string | number, unknown>)[head!], rest));
}

const LONG_LIST = 200_000;
/** The largest index a JavaScript array can have. */
const HUGE_INDEX = 4_294_967_294;

/** The paths of every list in a JSON value. */
function arrayPaths(value: JsonValue, prefix: Path = []): Path[] {
  if (Array.isArray(value)) return [prefix, ...value.flatMap((item, i) => arrayPaths(item, [...prefix, i]))];
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([key, item]) => arrayPaths(item, [...prefix, key]));
  }
  return [];
}

/** The lists among form fields: `phones` for `phones[0].phoneNumber`, and repeated names. */
function listFieldNames(fields: [string, string][]): string[] {
  const names = new Set<string>();
  const seen = new Set<string>();
  for (const [name] of fields) {
    const indexed = /^(.*?)\[\d+\]/.exec(name);
    if (indexed) names.add(indexed[1]!);
    else if (seen.has(name)) names.add(name);
    seen.add(name);
  }
  return [...names];
}

/** A value's short description for a failure message (100 KB strings are not printed). */
function describeValue(value: unknown): string {
  if (value === HUGE_STRING) return '"A" x 100000';
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...(${text.length} chars)` : text;
}

function jsonBody(value: unknown, kind: string, detail: string): FuzzBody {
  return { kind, detail, contentType: "application/json", body: JSON.stringify(value) };
}

/** Form fields as conform names them: `carriers[0].products[1].name`, scalar lists repeated. */
function formFields(value: JsonValue): [string, string][] {
  const out: [string, string][] = [];
  const walk = (item: unknown, name: string) => {
    if (Array.isArray(item)) {
      if (item.every((v) => v === null || typeof v !== "object")) {
        for (const v of item) out.push([name, String(v)]);
      } else item.forEach((v, i) => walk(v, `${name}[${i}]`));
    } else if (item && typeof item === "object") {
      for (const [key, v] of Object.entries(item)) walk(v, name ? `${name}.${key}` : key);
    } else out.push([name, item === undefined || item === null ? "" : String(item)]);
  };
  walk(value, "");
  return out;
}

function urlEncoded(fields: [string, string][], kind: string, detail: string): FuzzBody {
  const params = new URLSearchParams();
  for (const [key, v] of fields) params.append(key, v);
  return { kind, detail, contentType: "application/x-www-form-urlencoded", body: params.toString() };
}

/** A value's fields as an urlencoded form body. */
export function formBody(value: JsonValue, kind: string, detail: string): FuzzBody {
  return urlEncoded(formFields(value), kind, detail);
}

function multipart(fields: [string, string][], kind: string, detail: string, fileField?: string): FuzzBody {
  const form = new FormData();
  for (const [key, v] of fields) {
    if (key === fileField) form.append(key, new Blob([v], { type: "text/plain" }), "upload.txt");
    else form.append(key, v);
  }
  // The Request sets the Content-Type with its boundary itself.
  return { kind, detail, contentType: null, body: form };
}

/** The next value of a list at each call, from a random start, wrapping around. */
function rotation<T>(items: readonly T[], random: Random) {
  let index = random.int(items.length);
  return () => items[index++ % items.length]!;
}

/** The same value with one field replaced, as form fields. */
function replacedFields(fields: [string, string][], index: number, replacement: string): [string, string][] {
  return fields.map(([key, v], i) => [key, i === index ? replacement : v]);
}

/**
 * The bodies every mutating route gets, from the route's well-formed body (`good`): each field
 * once with a wrong value, each structural breakage once (broken JSON, non-objects, empty, broken
 * multipart, the other encoding; left out with `structural: false` for a second intent of the
 * same action) and `extra` random mixes. `reads` is what the route takes: "json" for /api
 * routes, "form" for page actions.
 */
export function bodiesFor(
  good: JsonValue,
  reads: "json" | "form",
  random: Random,
  { extra, structural = true }: { extra: number; structural?: boolean },
): FuzzBody[] {
  const bodies: FuzzBody[] = [];
  const fields = formFields(good);
  const paths = leafPaths(good).filter((p) => p.length > 0);

  // Every field twice, with a wrong type and with a hostile string, in the encoding the route
  // reads. The values rotate through the lists (from a random start), so every one is used.
  const wrongs = rotation(WRONG_VALUES, random);
  const odds = rotation(ODD_STRINGS, random);
  if (reads === "json") {
    for (const path of paths) {
      for (const value of [wrongs(), odds()]) {
        bodies.push(jsonBody(setAt(good, path, value), "json field", `${path.join(".")} = ${describeValue(value)}`));
      }
    }
  } else {
    fields.forEach(([name], i) => {
      for (const odd of [odds(), odds()]) {
        bodies.push(urlEncoded(replacedFields(fields, i, odd), "form field", `${name} = ${describeValue(odd)}`));
      }
    });
  }

  // The structural breakages, each once.
  if (structural) bodies.push(...structuralBodies(good, reads, fields, random));
  bodies.push(...randomMixes(good, fields, paths, random, extra));
  return bodies;
}

function structuralBodies(good: JsonValue, reads: "json" | "form", fields: [string, string][], random: Random) {
  const bodies: FuzzBody[] = [];
  for (const text of BROKEN_JSON) {
    bodies.push({ kind: "broken json", detail: describeValue(text), contentType: "application/json", body: text });
  }
  for (const text of JSON_TRICKS) {
    bodies.push({ kind: "json trick", detail: describeValue(text), contentType: "application/json", body: text });
  }
  for (const value of JSON_NON_OBJECTS) bodies.push(jsonBody(value, "json non-object", describeValue(value)));
  bodies.push(jsonBody(good, "json body", reads === "form" ? "the form's fields as JSON" : "well-formed"));
  bodies.push({ kind: "empty", detail: "empty JSON body", contentType: "application/json", body: "" });
  bodies.push({ kind: "empty", detail: "empty form body", contentType: "application/x-www-form-urlencoded", body: "" });
  bodies.push({ kind: "empty", detail: "no body, no Content-Type", contentType: null });
  for (const broken of BROKEN_MULTIPART) {
    bodies.push({ kind: "broken multipart", detail: broken.what, contentType: broken.contentType, body: broken.body });
  }
  for (const other of OTHER_BODIES) {
    bodies.push({ kind: "other type", detail: other.what, contentType: other.contentType, body: other.body });
  }
  // Lists far longer than any schema allows: a 200,000-item JSON array (about 400 KB), and a
  // form field with the largest array index, which the form parser turns into a list of four
  // billion (empty) items from a few bytes. Either must be refused by its length, never walked
  // item by item.
  for (const path of arrayPaths(good)) {
    const long = Array.from({ length: LONG_LIST }, () => 0);
    bodies.push(jsonBody(setAt(good, path, long), "json long list", `${path.join(".")} has ${LONG_LIST} items`));
  }
  for (const name of listFieldNames(fields)) {
    const sparse: [string, string][] = [...fields, [`${name}[${HUGE_INDEX}]`, "x"]];
    bodies.push(urlEncoded(sparse, "form huge index", `${name}[${HUGE_INDEX}]`));
  }
  bodies.push(urlEncoded(fields, "form", "well-formed fields"));
  bodies.push(multipart(fields, "multipart", "well-formed fields"));
  if (fields.length) {
    const [fileField] = random.pick(fields);
    bodies.push(multipart(fields, "multipart", `${fileField} sent as a file`, fileField));
  }
  return bodies;
}

/** Random mixes: a wrong value, a raw number, a missing field, a repeated field, in either encoding. */
function randomMixes(good: JsonValue, fields: [string, string][], paths: Path[], random: Random, extra: number) {
  const bodies: FuzzBody[] = [];
  for (let i = 0; i < extra; i++) {
    const choice = random.int(6);
    if (choice === 0 && paths.length) {
      const path = random.pick(paths);
      const token = random.pick(RAW_NUMBERS);
      const text = JSON.stringify(setAt(good, path, "__RAW__")).replace('"__RAW__"', token);
      bodies.push({
        kind: "json raw number",
        detail: `${path.join(".")} = ${token}`,
        contentType: "application/json",
        body: text,
      });
    } else if (choice === 1 && paths.length) {
      const path = random.pick(paths);
      bodies.push(jsonBody(withoutAt(good, path), "json missing field", path.join(".")));
    } else if (choice === 2 && paths.length) {
      const path = random.pick(paths);
      const wrong = random.pick(WRONG_VALUES);
      bodies.push(jsonBody(setAt(good, path, wrong), "json field", `${path.join(".")} = ${describeValue(wrong)}`));
    } else if (choice === 3 && fields.length) {
      const i2 = random.int(fields.length);
      const odd = random.pick(ODD_STRINGS);
      bodies.push(
        multipart(replacedFields(fields, i2, odd), "multipart field", `${fields[i2]![0]} = ${describeValue(odd)}`),
      );
    } else if (choice === 4 && fields.length) {
      const [name, v] = random.pick(fields);
      const odd = random.pick(ODD_STRINGS);
      bodies.push(urlEncoded([...fields, [name, odd], [name, v]], "form repeated field", `${name} three times`));
    } else if (fields.length) {
      const i2 = random.int(fields.length);
      const odd = random.pick(ODD_STRINGS);
      bodies.push(
        urlEncoded(replacedFields(fields, i2, odd), "form field", `${fields[i2]![0]} = ${describeValue(odd)}`),
      );
    }
  }
  return bodies;
}

/** A path segment that survives a URL: lone surrogates cannot be percent-encoded as UTF-8. */
export function pathSegment(id: string) {
  try {
    return encodeURIComponent(id);
  } catch {
    return encodeURIComponent(id.replace(/[\uD800-\uDFFF]/g, "\uFFFD"));
  }
}
