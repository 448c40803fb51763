// Plain JavaScript (checked by tsc through JSDoc) so the Node journeys in e2e/ sign requests with the same code.
import MD5 from 'crypto-js/md5.js';

/** The gateway base path of every call (spec 001 §7.1). */
export const API_BASE = '/api';

/** Service prefixes behind the gateway; the Sign path drops them. */
export const SERVICE_PREFIXES = ['/system', '/care', '/ai', '/im'];

/**
 * The path the Sign header covers: the URL path without the query, without '/api' and without the
 * service prefix. '/api/system/user/getUserInfo?x=1' and '/system/user/getUserInfo' give '/user/getUserInfo'.
 * @param {string} path
 * @returns {string}
 */
export function signPath(path) {
  let rest = path.split('?')[0].split('#')[0];
  if (rest === API_BASE || rest.startsWith(API_BASE + '/')) {
    rest = rest.slice(API_BASE.length);
  }
  for (const prefix of SERVICE_PREFIXES) {
    if (rest === prefix || rest.startsWith(prefix + '/')) {
      rest = rest.slice(prefix.length);
      break;
    }
  }
  return rest === '' ? '/' : rest;
}

/**
 * Sign header value: md5(token + t + path), lower-case hex (docs/api.md "Every request").
 * @param {string} token the access token
 * @param {number | string} t the `t` query value (epoch ms)
 * @param {string} path the request path, with or without '/api' and the service prefix
 * @returns {string}
 */
export function computeSign(token, t, path) {
  return MD5(token + String(t) + signPath(path)).toString();
}
