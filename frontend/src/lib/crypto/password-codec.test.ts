import AES from 'crypto-js/aes.js';
import Utf8 from 'crypto-js/enc-utf8.js';
import ECB from 'crypto-js/mode-ecb.js';
import Pkcs7 from 'crypto-js/pad-pkcs7.js';
import { describe, expect, it } from 'vitest';
import { encodePassword } from './password-codec.js';

const KEY = 'HearthLoginKey16';

function decode(cipher: string, key: string): string {
  return AES.decrypt(cipher, Utf8.parse(key), { mode: ECB, padding: Pkcs7 }).toString(Utf8);
}

describe('encodePassword', () => {
  it('matches openssl enc -aes-128-ecb -nosalt -base64 for the demo password', () => {
    // printf 'Demo@2026x' | openssl enc -aes-128-ecb -K $(printf HearthLoginKey16 | xxd -p) -nosalt -base64
    expect(encodePassword('Demo@2026x', KEY)).toBe('EjYOKaZJA96ooDuVZCnKZQ==');
  });

  it.each(['a', 'Demo@2026x', 'exactly16chars!!', 'Çà密码@Ünicode1', 'x'.repeat(30)])('round-trips %s', (plain) => {
    const cipher = encodePassword(plain, KEY);
    expect(cipher).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(decode(cipher, KEY)).toBe(plain);
  });

  it('pads a full block with a whole extra block (PKCS#7)', () => {
    const cipher = encodePassword('exactly16chars!!', KEY);
    expect(atob(cipher).length).toBe(32);
  });

  it('refuses a key that is not 16 bytes', () => {
    expect(() => encodePassword('x', 'short')).toThrow(/16 bytes/);
  });
});
