// Plain JavaScript (checked by tsc through JSDoc) so the Node journeys in e2e/ import the very same function.
import AES from 'crypto-js/aes.js';
import Utf8 from 'crypto-js/enc-utf8.js';
import ECB from 'crypto-js/mode-ecb.js';
import Pkcs7 from 'crypto-js/pad-pkcs7.js';

/**
 * Encodes a password the way the sign-in calls expect it (docs/api.md "Password encoding"):
 * AES-128-ECB with PKCS#7 padding, base64. This is obfuscation agreed with the server, not security.
 * @param {string} plain the password as typed
 * @param {string} key the 16-character key from GET /api/system/config/public (loginAesKey)
 * @returns {string} base64 cipher text
 */
export function encodePassword(plain, key) {
  const keyBytes = Utf8.parse(key);
  if (keyBytes.sigBytes !== 16) {
    throw new Error(`login AES key must be 16 bytes, got ${keyBytes.sigBytes}`);
  }
  return AES.encrypt(Utf8.parse(plain), keyBytes, { mode: ECB, padding: Pkcs7 }).toString();
}
