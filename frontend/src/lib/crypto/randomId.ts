/**
 * A random id of 16 bytes as 32 hex characters ([0-9a-f], inside every server id pattern). It uses
 * crypto.getRandomValues, which works outside secure contexts too; crypto.randomUUID needs one, and a home's
 * server reached by a LAN address over http may not be one (MDN, "Crypto: randomUUID()").
 */
export function randomId(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
