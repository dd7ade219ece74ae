/** HTTP errors in the shapes of ARCHITECTURE "HTTP contract". Throw them anywhere; the error handler answers. */
export class HttpError extends Error {
  constructor(
    public statusCode: number,
    message: string,
    public headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export type FieldErrors = Record<string, string[]>;

export class ValidationError extends HttpError {
  constructor(public errors: FieldErrors) {
    super(422, summarise(errors));
  }
}

/** Laravel's summary line: the first message, plus how many more there are. */
function summarise(errors: FieldErrors): string {
  const all = Object.values(errors).flat();
  if (all.length === 0) return 'The given data was invalid.';
  const more = all.length - 1;
  return more > 0 ? `${all[0]} (and ${more} more error${more > 1 ? 's' : ''})` : all[0];
}

export const notFound = (what = 'Record') => new HttpError(404, `${what} not found.`);
export const forbidden = (message = 'This action is unauthorized.') => new HttpError(403, message);
export const unauthenticated = () => new HttpError(401, 'Unauthenticated.');
export const tooManyAttempts = (seconds: number) =>
  new HttpError(429, `Too many attempts. Please try again in ${seconds} seconds.`, {
    'retry-after': String(seconds),
  });
export const fieldError = (field: string, message: string) => new ValidationError({ [field]: [message] });
