/**
 * A response body serialised once and kept with its ETag and gzip/brotli variants, so serving
 * it costs no hashing and no compression (the catalogue's JSON, the app's HTML pages).
 */
import { createHash } from "node:crypto";
import { brotliCompressSync, gzipSync, constants as zlibConstants } from "node:zlib";
import type { Context } from "hono";
import { securedBody } from "./security.js";

type Bytes = Uint8Array<ArrayBuffer>;

/** A copy on its own ArrayBuffer (a Buffer may sit in a shared pool). */
function bytes(buffer: Buffer): Bytes {
  return new Uint8Array(buffer);
}

export interface EncodedBody {
  readonly body: Bytes;
  /**
   * W/"<sha1 of the body, base64url>": weak, because the same body is also sent gzip- or
   * brotli-encoded under this one validator.
   */
  readonly etag: string;
  readonly gzip: Bytes;
  readonly br: Bytes;
}

/** Encodes `text`; reuses `previous`'s encodings when the bytes did not change. */
export function encodeBody(text: string, previous?: EncodedBody): EncodedBody {
  const body = bytes(Buffer.from(text, "utf8"));
  const etag = `W/"${createHash("sha1").update(body).digest("base64url")}"`;
  if (previous && previous.etag === etag) return previous;
  return {
    body,
    etag,
    gzip: bytes(gzipSync(body, { level: 9 })),
    br: bytes(
      brotliCompressSync(body, {
        params: {
          [zlibConstants.BROTLI_PARAM_QUALITY]: 11,
          [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
          [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }),
    ),
  };
}

/** True when an If-None-Match list names `etag` (weak comparison, as for GET in RFC 9110). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = etag.replace(/^W\//, "");
  return ifNoneMatch.split(",").some((raw) => {
    const tag = raw.trim();
    return tag === "*" || tag.replace(/^W\//, "") === bare;
  });
}

/** The best encoding the client accepts among br, gzip and identity (q=0 refuses one). */
export function pickEncoding(acceptEncoding: string | undefined): "br" | "gzip" | null {
  if (!acceptEncoding) return null;
  const q = new Map<string, number>();
  for (const part of acceptEncoding.split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q.set(name.trim(), Number.isFinite(value) ? value : 0);
  }
  const weight = (name: string) => q.get(name) ?? q.get("*") ?? 0;
  if (weight("br") > 0) return "br";
  if (weight("gzip") > 0) return "gzip";
  return null;
}

/** Answers with `snapshot` in the best encoding the client accepts, or 304 when its copy is current. */
export function sendEncoded(
  c: Context,
  snapshot: EncodedBody,
  contentType: string,
  status: 200 | 404 = 200,
): Response {
  // Whatever the encoding, the representation is the same: one validator for all.
  if (status === 200 && etagMatches(c.req.header("if-none-match"), snapshot.etag)) {
    return securedBody(c, null, 304, answerHeaders(snapshot, contentType, 304, null, null));
  }
  const encoding = pickEncoding(c.req.header("accept-encoding"));
  const body = encoding === "br" ? snapshot.br : encoding === "gzip" ? snapshot.gzip : snapshot.body;
  return securedBody(c, body, status, answerHeaders(snapshot, contentType, status, encoding, body));
}

/** Each snapshot's answer headers, one object per kind of answer (securedBody merges each once). */
const headerSets = new WeakMap<EncodedBody, Map<string, Readonly<Record<string, string>>>>();

function answerHeaders(
  snapshot: EncodedBody,
  contentType: string,
  status: 200 | 304 | 404,
  encoding: "br" | "gzip" | null,
  /** The bytes sent (null for a 304): one per encoding, so the key's encoding names them. */
  body: Bytes | null,
): Readonly<Record<string, string>> {
  let sets = headerSets.get(snapshot);
  if (!sets) {
    sets = new Map();
    headerSets.set(snapshot, sets);
  }
  const key = `${contentType}|${status}|${encoding}`;
  let headers = sets.get(key);
  if (!headers) {
    const built: Record<string, string> = {
      ETag: snapshot.etag,
      "Cache-Control": "no-cache",
      Vary: "Accept-Encoding",
    };
    if (body !== null) {
      built["Content-Type"] = contentType;
      built["Content-Length"] = String(body.length);
      if (encoding) built["Content-Encoding"] = encoding;
    }
    headers = built;
    sets.set(key, headers);
  }
  return headers;
}
