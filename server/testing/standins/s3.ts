import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { listen, type Received } from './http.js';

/**
 * A local S3-compatible bucket for tests and development: PutObject, GetObject, HeadObject and
 * DeleteObject on path-style URLs (`/<bucket>/<key>`), as S3 documents them, each request's AWS
 * Signature Version 4 checked in full (the access key, the credential scope, the signed headers,
 * the payload's SHA-256 and the signature itself), errors as S3's XML. Objects live in memory.
 */
export interface S3StandInOptions {
  port?: number;
  host?: string;
  bucket?: string;
  region?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
}

export const STANDIN_S3 = {
  bucket: 'kazi-media',
  region: 'eu-west-1',
  accessKeyId: 'AKIASTANDIN000000001',
  secretAccessKey: 'standin/secret/0123456789abcdefghijklmnopqrstuv',
};

export interface S3StandIn {
  url: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** the stored objects by key */
  objects: Map<string, { body: Buffer; contentType: string }>;
  /** every request, with the verdict on its signature */
  requests: { method: string; key: string; status: number; error?: string }[];
  close: () => Promise<void>;
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();
/** RFC 3986 encoding, as SigV4 wants it for query strings */
const encode = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

function xmlError(res: ServerResponse, status: number, code: string, message: string, method: string) {
  if (method === 'HEAD') {
    res.writeHead(status);
    res.end();
    return;
  }
  res.writeHead(status, { 'Content-Type': 'application/xml' });
  res.end(`<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`);
}

export async function startS3StandIn(opts: S3StandInOptions = {}): Promise<S3StandIn> {
  const bucket = opts.bucket ?? STANDIN_S3.bucket;
  const region = opts.region ?? STANDIN_S3.region;
  const accessKeyId = opts.accessKeyId ?? STANDIN_S3.accessKeyId;
  const secretAccessKey = opts.secretAccessKey ?? STANDIN_S3.secretAccessKey;
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  const requests: S3StandIn['requests'] = [];

  /** null when the request is signed right, else S3's error code and message */
  function verify(req: Received, rawPath: string, rawQuery: string): [string, string] | null {
    const auth = String(req.headers.authorization ?? '');
    const m = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(auth);
    if (!m) return ['AccessDenied', 'The Authorization header is missing or is not AWS Signature Version 4.'];
    const [, key, day, scopeRegion, signedHeaders, signature] = m;
    if (key !== accessKeyId) return ['InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.'];
    if (scopeRegion !== region) return ['AuthorizationHeaderMalformed', `The authorization header is malformed; the region '${scopeRegion}' is wrong; expecting '${region}'`];
    const amzDate = String(req.headers['x-amz-date'] ?? '');
    if (!/^\d{8}T\d{6}Z$/.test(amzDate) || amzDate.slice(0, 8) !== day) return ['AccessDenied', 'X-Amz-Date is missing or does not match the credential scope.'];
    const skew = Math.abs(Date.parse(`${amzDate.slice(0, 4)}-${amzDate.slice(4, 6)}-${amzDate.slice(6, 8)}T${amzDate.slice(9, 11)}:${amzDate.slice(11, 13)}:${amzDate.slice(13, 15)}Z`) - Date.now());
    if (skew > 15 * 60_000) return ['RequestTimeTooSkewed', 'The difference between the request time and the current time is too large.'];
    const names = signedHeaders.split(';');
    if (!names.includes('host') || !names.includes('x-amz-date') || !names.includes('x-amz-content-sha256')) return ['AccessDenied', 'host, x-amz-date and x-amz-content-sha256 must be signed.'];
    const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
    if (payloadHash.startsWith('STREAMING-')) return ['NotImplemented', 'Chunked (aws-chunked) uploads are not supported by this stand-in.'];
    if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256(req.raw)) return ['XAmzContentSHA256Mismatch', 'The provided x-amz-content-sha256 header does not match what was computed.'];
    const query = new URLSearchParams(rawQuery);
    const canonicalQuery = [...query.entries()]
      .map(([k, v]) => [encode(k), encode(v)])
      .sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1))
      .map(([k, v]) => `${k}=${v}`)
      .join('&');
    const headerLines = names.map((n) => `${n}:${String(req.headers[n] ?? '').trim().replace(/\s+/g, ' ')}\n`).join('');
    const canonical = [req.method, rawPath, canonicalQuery, headerLines, signedHeaders, payloadHash].join('\n');
    const scope = `${day}/${region}/s3/aws4_request`;
    const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
    const signingKey = hmac(hmac(hmac(hmac(`AWS4${secretAccessKey}`, day), region), 's3'), 'aws4_request');
    const expected = Buffer.from(hmac(signingKey, toSign).toString('hex'));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return ['SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided.'];
    return null;
  }

  const server = await listen(
    (req, res): void => {
      handle(req, res);
    },
    opts.port ?? 0,
    opts.host ?? '127.0.0.1',
  );

  function handle(req: Received, res: ServerResponse): unknown {
    {
      const [rawPath, rawQuery = ''] = req.path.split('?');
      const prefix = `/${bucket}/`;
      const key = rawPath.startsWith(prefix) ? decodeURIComponent(rawPath.slice(prefix.length)) : '';
      const answer = (status: number, error?: string) => requests.push({ method: req.method, key, status, ...(error ? { error } : {}) });
      const refused = verify(req, rawPath, rawQuery);
      if (refused) {
        const status = refused[0] === 'NotImplemented' ? 501 : refused[0] === 'AuthorizationHeaderMalformed' || refused[0] === 'XAmzContentSHA256Mismatch' ? 400 : 403;
        answer(status, refused[0]);
        return xmlError(res, status, refused[0], refused[1], req.method);
      }
      if (!key) {
        answer(404, 'NoSuchBucket');
        return xmlError(res, 404, 'NoSuchBucket', 'The specified bucket does not exist.', req.method);
      }
      const found = objects.get(key);
      const etag = (body: Buffer) => `"${createHash('md5').update(body).digest('hex')}"`;
      switch (req.method) {
        case 'PUT': {
          const length = Number(req.headers['content-length'] ?? -1);
          if (length !== req.raw.length) {
            answer(400, 'IncompleteBody');
            return xmlError(res, 400, 'IncompleteBody', 'You did not provide the number of bytes specified by the Content-Length HTTP header.', req.method);
          }
          objects.set(key, { body: req.raw, contentType: String(req.headers['content-type'] ?? 'binary/octet-stream') });
          answer(200);
          res.writeHead(200, { ETag: etag(req.raw) });
          return res.end();
        }
        case 'GET':
        case 'HEAD':
          if (!found) {
            answer(404, 'NoSuchKey');
            return xmlError(res, 404, 'NoSuchKey', 'The specified key does not exist.', req.method);
          }
          {
            // one range, as S3 takes it: bytes=a-b (b capped at the end)
            const range = /^bytes=(\d+)-(\d*)$/.exec(String(req.headers.range ?? ''));
            if (range && req.method === 'GET') {
              const start = Number(range[1]);
              const end = Math.min(range[2] ? Number(range[2]) : found.body.length - 1, found.body.length - 1);
              if (start > end) {
                answer(416, 'InvalidRange');
                return xmlError(res, 416, 'InvalidRange', 'The requested range is not satisfiable', req.method);
              }
              answer(206);
              res.writeHead(206, { 'Content-Type': found.contentType, 'Content-Length': String(end - start + 1), 'Content-Range': `bytes ${start}-${end}/${found.body.length}`, ETag: etag(found.body) });
              return res.end(found.body.subarray(start, end + 1));
            }
          }
          answer(200);
          res.writeHead(200, { 'Content-Type': found.contentType, 'Content-Length': String(found.body.length), ETag: etag(found.body), 'Last-Modified': new Date().toUTCString() });
          return res.end(req.method === 'GET' ? found.body : undefined);
        case 'DELETE':
          objects.delete(key);
          answer(204);
          res.writeHead(204);
          return res.end();
        default:
          answer(405, 'MethodNotAllowed');
          return xmlError(res, 405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.', req.method);
      }
    }
  }
  return { url: server.url, bucket, region, accessKeyId, secretAccessKey, objects, requests, close: server.close };
}
