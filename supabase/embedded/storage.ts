// The storage-api subset supabase-js uses, at /storage/v1. Object rows are written as the request's
// role, so the storage.objects policies of the migrations decide who may upload, read and remove;
// the bytes live under <dataDir>/storage/<bucket>/ (or in memory).
import { randomUUID, createHash } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Database, Tx } from './database.ts';
import { HttpError, decodeSegment, isPlainObject, parseJson } from './http.ts';
import { asRole, type RequestContext } from './request.ts';
import { dbErrorToHttp, isDbError } from './rest.ts';

/** Ceiling on any upload, whatever a bucket allows. */
export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;

export interface StorageRequest {
  method: string;
  path: string;
  headers: Record<string, string | undefined>;
  body: Buffer;
  ctx: RequestContext;
}

export interface StorageResult {
  status: number;
  body: Buffer | string | null;
  headers: Record<string, string>;
}

function storageError(status: number, error: string, message: string): HttpError {
  return new HttpError(status, { statusCode: String(status), error, message });
}

// Control characters are exactly what this refuses in a name.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\x00-\x1f\x7f]/;
/** What a file system takes as one name: each part of an object name becomes a file or folder name. */
export const MAX_NAME_PART_BYTES = 255;
/** Multipart framing around the file itself. */
const MULTIPART_SLACK = 64 * 1024;
/** How long a bucket's settings are reused before they are read again. */
const BUCKET_CACHE_MS = 5000;

export function validObjectName(name: string): boolean {
  if (!name || name.length > 1024 || name.startsWith('/') || name.includes('\\') || name.includes('..') || CONTROL.test(name)) return false;
  return name.split('/').every((segment) => segment !== '' && segment !== '.' && Buffer.byteLength(segment) <= MAX_NAME_PART_BYTES);
}

/** An object name as error messages show it: never longer than a line. */
const shown = (name: string) => (name.length > 100 ? `${name.slice(0, 100)}...` : name);

function invalidKey(name: string): HttpError {
  const tooLong = name.split('/').some((segment) => Buffer.byteLength(segment) > MAX_NAME_PART_BYTES);
  return storageError(
    400,
    'InvalidKey',
    tooLong ? `Invalid key: each part of an object name may be at most ${MAX_NAME_PART_BYTES} bytes long` : `Invalid key: ${shown(name)}`,
  );
}

const validBucket = (id: string) => /^[A-Za-z0-9_.-]+$/.test(id) && id !== '.' && id !== '..';

// Magic numbers of the image types a browser renders; anything else claiming image/* is refused,
// so a script or an SVG cannot be stored as a "picture".
const IMAGE_SIGNATURES: Record<string, (b: Buffer) => boolean> = {
  'image/png': (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  'image/jpeg': (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  'image/gif': (b) => ['GIF87a', 'GIF89a'].includes(b.subarray(0, 6).toString('latin1')),
  'image/webp': (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  'image/avif': (b) => ['ftypavif', 'ftypavis'].includes(b.subarray(4, 12).toString('latin1')),
  'image/bmp': (b) => b.subarray(0, 2).toString('latin1') === 'BM',
  'image/x-icon': (b) => b.subarray(0, 4).equals(Buffer.from([0, 0, 1, 0])),
};
IMAGE_SIGNATURES['image/jpg'] = IMAGE_SIGNATURES['image/jpeg'] as (b: Buffer) => boolean;
IMAGE_SIGNATURES['image/vnd.microsoft.icon'] = IMAGE_SIGNATURES['image/x-icon'] as (b: Buffer) => boolean;

function mimeAllowed(mime: string, allowed: string[] | null): boolean {
  if (!allowed || allowed.length === 0) return true;
  return allowed.some((pattern) => {
    const p = pattern.toLowerCase();
    return p.endsWith('/*') ? mime.startsWith(p.slice(0, -1)) : p === mime;
  });
}

interface Bucket {
  id: string;
  public: boolean;
  file_size_limit: number | null;
  allowed_mime_types: string[] | null;
}

export class StorageService {
  private readonly memory = new Map<string, Buffer>();
  private readonly root: string | null;

  constructor(
    private readonly db: Database,
    dataDir: string | null,
  ) {
    this.root = dataDir ? join(dataDir, 'storage') : null;
  }

  private filePath(bucket: string, name: string): string {
    const root = this.root as string;
    const path = resolve(root, bucket, ...name.split('/'));
    // Names are validated already; this is the second lock on the same door.
    if (!path.startsWith(resolve(root) + sep)) throw invalidKey(name);
    return path;
  }

  private async writeBytes(bucket: string, name: string, bytes: Buffer): Promise<void> {
    if (!this.root) {
      this.memory.set(`${bucket}/${name}`, bytes);
      return;
    }
    const path = this.filePath(bucket, name);
    try {
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, bytes);
    } catch (error) {
      // The file system's message names the server's own folders: log it, never send it.
      console.error(`storage: could not write ${bucket}/${shown(name)}: ${(error as Error).message}`);
      throw storageError(500, 'InternalError', 'The object could not be stored');
    }
  }

  private async readBytes(bucket: string, name: string): Promise<Buffer | null> {
    if (!this.root) return this.memory.get(`${bucket}/${name}`) ?? null;
    try {
      return await readFile(this.filePath(bucket, name));
    } catch {
      return null;
    }
  }

  private async deleteBytes(bucket: string, name: string): Promise<void> {
    if (!this.root) this.memory.delete(`${bucket}/${name}`);
    else await rm(this.filePath(bucket, name), { force: true });
  }

  private readonly buckets = new Map<string, { row: Bucket | undefined; at: number }>();

  private async bucket(id: string): Promise<Bucket> {
    if (!validBucket(id)) throw storageError(400, 'InvalidBucketName', `Invalid bucket name: ${shown(id)}`);
    const known = this.buckets.get(id);
    const row = known && Date.now() - known.at < BUCKET_CACHE_MS ? known.row : await this.readBucket(id);
    if (!row) throw storageError(404, 'Bucket not found', 'Bucket not found');
    return row;
  }

  private async readBucket(id: string): Promise<Bucket | undefined> {
    const row = await this.db.run(
      async (tx) =>
        (
          await tx.query<Bucket>(
            'select id, public, file_size_limit::float8 as file_size_limit, allowed_mime_types from storage.buckets where id = $1',
            [id],
          )
        ).rows[0],
    );
    if (this.buckets.size > 100) this.buckets.clear();
    this.buckets.set(id, { row, at: Date.now() });
    return row;
  }

  /**
   * The most bytes a request to `path` may send, known before its body is read: an upload may carry
   * its bucket's file size limit, anything else a small JSON body.
   */
  async bodyLimit(method: string, path: string, jsonLimit: number): Promise<number> {
    if (method !== 'POST' && method !== 'PUT') return jsonLimit;
    const [first, bucketId] = path.split('/').filter(Boolean).map(decodeSegment);
    if (first !== 'object' || !bucketId) return jsonLimit;
    const bucket = await this.bucket(bucketId);
    return Math.min(bucket.file_size_limit ?? MAX_UPLOAD_BYTES, MAX_UPLOAD_BYTES) + MULTIPART_SLACK;
  }

  private async asRequestRole<T>(ctx: RequestContext, fn: (tx: Tx) => Promise<T>): Promise<T> {
    try {
      return await asRole(this.db, ctx, fn);
    } catch (error) {
      if (!isDbError(error)) throw error;
      if (error.code === '42501') throw storageError(403, 'Unauthorized', 'new row violates row-level security policy');
      if (error.code === '23505') throw storageError(409, 'Duplicate', 'The resource already exists');
      const answer = dbErrorToHttp(error, ctx.role);
      if (answer.status >= 500) throw storageError(500, 'InternalError', 'Internal error in the embedded backend');
      throw storageError(400, 'DatabaseError', error.message);
    }
  }

  async handle(req: StorageRequest): Promise<StorageResult> {
    const decoded = req.path.split('/').filter(Boolean).map(decodeSegment);
    if (decoded.some((segment) => segment === null)) throw storageError(400, 'InvalidKey', 'Invalid key: the path is not valid URL encoding');
    const segments = decoded as string[];
    if (segments[0] !== 'object') throw storageError(404, 'not_found', 'Route not found');
    const [, first, ...rest] = segments;
    if (!first) throw storageError(404, 'not_found', 'Route not found');
    if ((first === 'public' || first === 'authenticated') && rest.length >= 2 && (req.method === 'GET' || req.method === 'HEAD')) {
      return this.download(rest[0] as string, rest.slice(1).join('/'), req.ctx, first === 'public');
    }
    const name = rest.join('/');
    switch (req.method) {
      case 'POST':
      case 'PUT':
        return this.upload(first, name, req);
      case 'GET':
      case 'HEAD':
        return this.download(first, name, req.ctx, false);
      case 'DELETE':
        return rest.length ? this.remove(first, [name], req.ctx) : this.removeMany(first, req);
      default:
        throw storageError(405, 'method_not_allowed', `Method ${req.method} is not allowed here`);
    }
  }

  private async upload(bucketId: string, name: string, req: StorageRequest): Promise<StorageResult> {
    if (!validObjectName(name)) throw invalidKey(name);
    const bucket = await this.bucket(bucketId);
    let bytes = req.body;
    let mime = (req.headers['content-type'] ?? 'application/octet-stream').split(';')[0]?.trim().toLowerCase() ?? '';
    let cacheControl = req.headers['cache-control'] ?? 'no-cache';
    if (mime === 'multipart/form-data') {
      const form = await new Request('http://local/', {
        method: 'POST',
        headers: { 'content-type': req.headers['content-type'] ?? '' },
        body: new Uint8Array(req.body),
      })
        .formData()
        .catch(() => null);
      const file = form ? [...form.values()].find((v): v is File => typeof v !== 'string') : undefined;
      if (!form || !file) throw storageError(400, 'InvalidRequest', 'The multipart body has no file');
      bytes = Buffer.from(await file.arrayBuffer());
      mime = (file.type || 'application/octet-stream').split(';')[0]?.trim().toLowerCase() ?? '';
      const cc = form.get('cacheControl');
      if (typeof cc === 'string') cacheControl = `max-age=${cc}`;
    }
    const limit = Math.min(bucket.file_size_limit ?? MAX_UPLOAD_BYTES, MAX_UPLOAD_BYTES);
    if (bytes.length > limit) throw storageError(413, 'Payload too large', 'The object exceeded the maximum allowed size');
    if (!mimeAllowed(mime, bucket.allowed_mime_types)) throw storageError(415, 'invalid_mime_type', `mime type ${mime} is not supported`);
    if (mime.startsWith('image/')) {
      const check = IMAGE_SIGNATURES[mime];
      if (!check || !check(bytes)) throw storageError(415, 'invalid_mime_type', `The file content is not a valid ${mime} image`);
    }
    const upsert = req.method === 'PUT' || req.headers['x-upsert'] === 'true';
    const id = randomUUID();
    const owner = req.ctx.role === 'authenticated' && typeof req.ctx.claims.sub === 'string' ? req.ctx.claims.sub : null;
    const metadata = {
      eTag: `"${createHash('md5').update(bytes).digest('hex')}"`,
      size: bytes.length,
      mimetype: mime,
      cacheControl,
      lastModified: new Date().toISOString(),
      contentLength: bytes.length,
      httpStatusCode: 200,
    };
    await this.asRequestRole(req.ctx, async (tx) => {
      // No RETURNING: like storage-api, a plain upload needs only an insert policy.
      await tx.query(
        `insert into storage.objects (id, bucket_id, name, owner, owner_id, metadata) values ($1, $2, $3, $4, $5, $6::jsonb)
         ${upsert ? 'on conflict (bucket_id, name) do update set owner = excluded.owner, owner_id = excluded.owner_id, metadata = excluded.metadata, updated_at = now()' : ''}`,
        [id, bucketId, name, owner, owner, JSON.stringify(metadata)],
      );
      await this.writeBytes(bucketId, name, bytes);
    });
    return { status: 200, body: JSON.stringify({ Key: `${bucketId}/${name}`, Id: id }), headers: { 'Content-Type': 'application/json' } };
  }

  private async download(bucketId: string, name: string, ctx: RequestContext, viaPublic: boolean): Promise<StorageResult> {
    if (!validObjectName(name)) throw invalidKey(name);
    const bucket = await this.bucket(bucketId);
    const query = async (tx: Tx) =>
      (
        await tx.query<{ metadata: { mimetype?: string; cacheControl?: string; eTag?: string } | null }>(
          'select metadata from storage.objects where bucket_id = $1 and name = $2',
          [bucketId, name],
        )
      ).rows[0];
    let row;
    if (viaPublic) {
      if (!bucket.public) throw storageError(404, 'not_found', 'Object not found');
      row = await this.db.run(query);
    } else {
      row = await this.asRequestRole(ctx, query);
    }
    const bytes = row ? await this.readBytes(bucketId, name) : null;
    if (!row || !bytes) throw storageError(404, 'not_found', 'Object not found');
    return {
      status: 200,
      body: bytes,
      headers: {
        'Content-Type': row.metadata?.mimetype ?? 'application/octet-stream',
        'Cache-Control': row.metadata?.cacheControl ?? 'no-cache',
        ETag: row.metadata?.eTag ?? '',
        'X-Content-Type-Options': 'nosniff',
      },
    };
  }

  private async removeMany(bucketId: string, req: StorageRequest): Promise<StorageResult> {
    const parsed = parseJson(req.body);
    const prefixes = parsed.ok && isPlainObject(parsed.value) ? parsed.value.prefixes : undefined;
    if (!Array.isArray(prefixes) || !prefixes.every((p): p is string => typeof p === 'string')) {
      throw storageError(400, 'InvalidRequest', 'body must be a JSON object with a "prefixes" array of object names');
    }
    return this.remove(bucketId, prefixes, req.ctx);
  }

  private async remove(bucketId: string, names: string[], ctx: RequestContext): Promise<StorageResult> {
    for (const name of names) if (!validObjectName(name)) throw invalidKey(name);
    await this.bucket(bucketId);
    const deleted = await this.asRequestRole(ctx, async (tx) => {
      // What the Storage API sets for its own deletes: any other DELETE is refused (bootstrap.sql).
      await tx.query(`select set_config('storage.allow_delete_query', 'true', true)`);
      const rows = (
        await tx.query<{ name: string }>(
          `delete from storage.objects where bucket_id = $1 and name = any($2::text[])
           returning id, bucket_id, name, owner, owner_id, metadata, created_at, updated_at, last_accessed_at`,
          [bucketId, names],
        )
      ).rows;
      for (const row of rows) await this.deleteBytes(bucketId, row.name);
      return rows;
    });
    return { status: 200, body: JSON.stringify(deleted), headers: { 'Content-Type': 'application/json' } };
  }
}
