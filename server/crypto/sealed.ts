import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Secrets a company gives Kazi (a provider's API key, an SMTP password, a webhook signing key)
 * kept encrypted at rest under the app key (APP_KEY): AES-256-GCM with a key derived from APP_KEY
 * by HKDF, a fresh 96-bit nonce per value, and the value's place ("email_settings:12:mailgun_key")
 * as associated data, so a sealed value copied to another company's row or another field does
 * not open. Stored as "v1.<base64url(nonce | tag | ciphertext)>".
 */
const VERSION = 'v1';

const keys = new Map<string, Buffer>();
function keyOf(appKey: string): Buffer {
  let k = keys.get(appKey);
  if (!k) {
    k = Buffer.from(hkdfSync('sha256', appKey, 'kazi', 'kazi/sealed-secrets/v1', 32));
    keys.set(appKey, k);
  }
  return k;
}

export class SealedSecretUnreadable extends Error {
  constructor(place: string) {
    super(`The stored secret ${place} cannot be opened: it was sealed under another APP_KEY or altered. Enter it again.`);
    this.name = 'SealedSecretUnreadable';
  }
}

export function seal(appKey: string, place: string, secret: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(appKey), nonce);
  cipher.setAAD(Buffer.from(place, 'utf8'));
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return `${VERSION}.${Buffer.concat([nonce, cipher.getAuthTag(), body]).toString('base64url')}`;
}

/** the secret sealed at `place`; SealedSecretUnreadable when the app key, the place or the bytes differ */
export function unseal(appKey: string, place: string, sealed: string): string {
  const [version, data] = sealed.split('.', 2);
  const raw = version === VERSION && data ? Buffer.from(data, 'base64url') : Buffer.alloc(0);
  if (raw.length < 28) throw new SealedSecretUnreadable(place);
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(appKey), raw.subarray(0, 12));
    decipher.setAAD(Buffer.from(place, 'utf8'));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    throw new SealedSecretUnreadable(place);
  }
}

/** what a page may show of a secret (a page sending it back unchanged keeps the secret: common isMask): its last four characters behind dots ("••••••••3f9a"), never more than a quarter of it */
export function maskSecret(secret: string): string {
  const shown = secret.length >= 16 ? 4 : secret.length >= 8 ? 2 : 0;
  return `${'•'.repeat(8)}${shown ? secret.slice(-shown) : ''}`;
}

