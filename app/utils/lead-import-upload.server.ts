import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { finished } from "node:stream/promises";
import { MaxPartSizeExceededError, unstable_parseMultipartFormData, type UploadHandler } from "@remix-run/node";
import { LEAD_IMPORT_LIMITS, LEAD_IMPORT_MESSAGES as M } from "~/domain/lead-import";
import { ServiceError } from "~/services/errors.server";
import type { UploadedFile } from "~/services/lead-import.server";
import { cleanText } from "./clean-input";

/** A text field of the upload form (the mapping's JSON, ids): far below this. */
const TEXT_FIELD_BYTES = 64 * 1024;
const UPLOAD_DIRECTORY = path.join(os.tmpdir(), "agency-crm-imports");

const fileRefusal = (message: string) => new ServiceError(400, message, { file: [message] });

/** An upload read from a multipart request: the CSV written to a temporary file, and the form's text fields. */
export type ImportUpload = {
  file: UploadedFile | null;
  fields: Record<string, string>;
  /** Deletes the temporary file; call it once the file has been read. */
  cleanup: () => Promise<void>;
};

/**
 * Reads the lead import's multipart form (decision 062; the do-not-call list's upload too, with its
 * own limit and messages, decision 069): the part named `file` is streamed to a
 * file under the system's temporary folder and counted as it is written; past `maxBytes` (20 MB)
 * the file is deleted and the form refused at `file`, the rest of the body left unread (Node
 * discards it). Text parts are kept up to 64 KB each. Anything that is not a multipart form, or
 * is a broken one, is a 400 with a message.
 */
export async function readImportUpload(
  request: Request,
  {
    maxBytes = LEAD_IMPORT_LIMITS.bytes,
    messages = M,
  }: { maxBytes?: number; messages?: { fileMissing: string; tooLarge: string } } = {},
): Promise<ImportUpload> {
  if (!(request.headers.get("Content-Type") ?? "").toLowerCase().startsWith("multipart/form-data")) {
    throw new ServiceError(400, "Send the file as multipart/form-data, in a field named file.", {
      file: [messages.fileMissing],
    });
  }
  let file: UploadedFile | null = null;
  const written: string[] = [];
  const cleanup = async () => {
    await Promise.all(written.map((filePath) => fs.promises.rm(filePath, { force: true })));
  };
  const handler: UploadHandler = async ({ name, filename, data }) => {
    if (typeof filename === "string") {
      if (name !== "file" || file || !filename) {
        for await (const chunk of data) void chunk;
        return undefined;
      }
      await fs.promises.mkdir(UPLOAD_DIRECTORY, { recursive: true });
      const filePath = path.join(UPLOAD_DIRECTORY, `${crypto.randomUUID()}.csv`);
      written.push(filePath);
      const out = fs.createWriteStream(filePath);
      let bytes = 0;
      try {
        for await (const chunk of data) {
          bytes += chunk.byteLength;
          if (bytes > maxBytes) throw new MaxPartSizeExceededError(name, maxBytes);
          // Wait for the disk when it is slower than the network, so memory stays flat.
          if (!out.write(chunk)) await new Promise<void>((resolve) => out.once("drain", () => resolve()));
        }
      } finally {
        out.end();
        await finished(out).catch(() => {});
      }
      file = { path: filePath, name: cleanText(filename).slice(0, 255), bytes };
      return undefined;
    }
    let text = "";
    let bytes = 0;
    const decoder = new TextDecoder();
    for await (const chunk of data) {
      bytes += chunk.byteLength;
      if (bytes > TEXT_FIELD_BYTES) throw new ServiceError(400, `The field ${name.slice(0, 40)} is too long.`);
      text += decoder.decode(chunk, { stream: true });
    }
    return cleanText(text + decoder.decode());
  };
  try {
    const form = await unstable_parseMultipartFormData(request, handler);
    const fields: Record<string, string> = {};
    for (const [key, value] of form) if (typeof value === "string" && !(key in fields)) fields[key] = value;
    return { file, fields, cleanup };
  } catch (error) {
    await cleanup();
    if (error instanceof MaxPartSizeExceededError) throw fileRefusal(messages.tooLarge);
    if (error instanceof ServiceError) throw error;
    throw new ServiceError(400, "The form could not be read.");
  }
}
