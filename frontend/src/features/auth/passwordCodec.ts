// The password encoding (AES through crypto-js, ≈ 7 KB compressed) is needed only when a form is sent, so the
// sign-in screen loads it when the person starts filling the form, not with the page.
type Codec = typeof import('@/lib/crypto/password-codec.js');

let codec: Promise<Codec> | undefined;

/** Starts loading the encoder (once); a failed load is tried again on the next call. */
export function loadPasswordCodec(): Promise<Codec> {
  codec ??= import('@/lib/crypto/password-codec.js').catch((err: unknown) => {
    codec = undefined;
    throw err;
  });
  return codec;
}

/** encodePassword of lib/crypto/password-codec.js, loaded on first use. */
export async function encodePassword(plain: string, key: string): Promise<string> {
  return (await loadPasswordCodec()).encodePassword(plain, key);
}
