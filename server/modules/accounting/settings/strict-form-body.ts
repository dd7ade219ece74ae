import type { FastifyInstance } from 'fastify';
import { parse } from 'node:querystring';
import { HttpError } from '../../../http/errors.js';

const FORM = 'application/x-www-form-urlencoded';

/**
 * Form bodies with a broken percent-escape ("name=%ZZ") are refused with 400 instead of being
 * read leniently as the literal text: a payment method needs only a name, so a garbled body would
 * otherwise create one. Applies to the routes of the plugin it is called in (encapsulated);
 * the app-wide @fastify/formbody parser could do the same for every route.
 */
export function strictFormBodies(app: FastifyInstance) {
  app.removeContentTypeParser(FORM);
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
