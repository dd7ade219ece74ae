import { Arrivals, listen } from '../../testing/standins/http.js';
import type { IncomingWebhook } from './types.js';

/**
 * A stand-in for Kazi's webhook routes in provider tests: it takes every callback, answers 200
 * and keeps it, for the test to read through a driver as the route will.
 */
export async function callbackReceiver() {
  const arrivals = new Arrivals<IncomingWebhook>();
  const l = await listen((req, res) => {
    arrivals.push({ url: req.path, headers: req.headers, rawBody: Buffer.from(req.body) });
    res.writeHead(200, { 'Content-Type': 'text/plain' }).end('OK');
  });
  return { url: l.url, arrivals, close: l.close };
}
