import MD5 from 'crypto-js/md5.js';
import { describe, expect, it } from 'vitest';
import { computeSign, signPath } from './signing.js';

describe('signPath', () => {
  it.each([
    ['/api/system/user/getUserInfo', '/user/getUserInfo'],
    ['/system/user/getUserInfo', '/user/getUserInfo'],
    ['/api/care/resident/listResidentByPage', '/resident/listResidentByPage'],
    ['/api/ai/chat/completions', '/chat/completions'],
    ['/api/im/ws', '/ws'],
    ['/api/system/user/extendNextUpdatePasswordTime?userId=42&t=1', '/user/extendNextUpdatePasswordTime'],
    ['/user/login', '/user/login'],
    ['/api/systemx/thing', '/systemx/thing'],
    ['/api/system', '/'],
  ])('%s → %s', (path, want) => {
    expect(signPath(path)).toBe(want);
  });
});

describe('computeSign', () => {
  it('is md5(token + t + stripped path), lower-case hex', () => {
    const sign = computeSign('tok', 1700000000000, '/api/system/user/getUserInfo');
    expect(sign).toBe(MD5('tok1700000000000/user/getUserInfo').toString());
    expect(sign).toMatch(/^[0-9a-f]{32}$/);
  });

  it('gives the same value with or without the gateway prefix', () => {
    expect(computeSign('a.b.c', '5', '/system/menu/listUserMenuTree')).toBe(
      computeSign('a.b.c', 5, '/api/system/menu/listUserMenuTree'),
    );
  });

  it('matches a known md5', () => {
    // md5("abc") is the classic test vector
    expect(computeSign('a', 'b', '/api/system/c').length).toBe(32);
    expect(MD5('abc').toString()).toBe('900150983cd24fb0d6963f7d28e17f72');
  });
});
