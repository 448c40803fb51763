import { describe, expect, it } from 'vitest';
import { socketAddress } from './connection';

describe('socketAddress', () => {
  it('connects to the page’s own origin in a browser, wss on https', () => {
    expect(socketAddress({ protocol: 'https:', host: 'care.example.org' }, undefined, 'a b')).toBe(
      'wss://care.example.org/api/im/ws?token=a%20b',
    );
    expect(socketAddress({ protocol: 'http:', host: '127.0.0.1:8080' }, 'https://cloud.example.org', 't')).toBe(
      'ws://127.0.0.1:8080/api/im/ws?token=t',
    );
  });

  it('goes straight to the shell’s cloud from the desktop window, whose asset handler carries no websocket', () => {
    expect(socketAddress({ protocol: 'wails:', host: 'wails' }, 'https://cloud.example.org/', 't')).toBe(
      'wss://cloud.example.org/api/im/ws?token=t',
    );
    expect(socketAddress({ protocol: 'wails:', host: 'wails' }, 'http://10.0.0.5:8080', 't')).toBe(
      'ws://10.0.0.5:8080/api/im/ws?token=t',
    );
  });
});
