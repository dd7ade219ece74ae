import type { FastifyInstance } from 'fastify';
import { parse } from 'node:querystring';
import { HttpError } from './errors.js';

const FORM = 'application/x-www-form-urlencoded';

/**
 * The app's form-body parser. Bodies with a broken percent-escape ("name=%ZZ") are refused
 * with 400 instead of being read leniently as the literal text: a record that needs only a
 * name (a payment method) would otherwise be created from a garbled body.
 */
export function strictFormBodies(app: FastifyInstance) {
  app.addContentTypeParser(FORM, { parseAs: 'string' }, (_req, body, done) => {
    const text = String(body);
    try {
      for (const piece of text.split(/[&=]/)) decodeURIComponent(piece.replace(/\+/g, ' '));
    } catch {
      done(new HttpError(400, 'The form data could not be read.'), undefined);
      return;
    }
    done(null, parse(text));
  });
}
