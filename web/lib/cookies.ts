/** The value of a cookie, URI-decoded, or null. */
export function readCookie(name: string, source: string = typeof document === 'undefined' ? '' : document.cookie): string | null {
  for (const part of source.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return null;
}

/** The CSRF token the server put in the XSRF-TOKEN cookie, to send back as X-XSRF-TOKEN. */
export function xsrfToken(): string | null {
  return readCookie('XSRF-TOKEN');
}
