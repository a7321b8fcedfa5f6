import { DomainError } from '@platform/contracts';
import { isPublicAddress, validateCallbackUrl } from './callback-url';

const strict = { allow_loopback: false };
const loopback = { allow_loopback: true };

function codeOf(action: () => unknown): string | null {
  try {
    action();
    return null;
  } catch (error) {
    return error instanceof DomainError ? error.code : 'unexpected';
  }
}

describe('webhook callback URLs', () => {
  it.each([
    'http://hooks.example.com/in',
    'ftp://hooks.example.com/in',
    'not a url',
    'https://localhost/in',
    'https://api.localhost/in',
    'https://127.0.0.1/in',
    'https://0x7f.1/in',
    'https://2130706433/in',
    'https://10.0.0.8/in',
    'https://172.16.4.1/in',
    'https://192.168.1.10/in',
    'https://169.254.169.254/latest/meta-data',
    'https://metadata.google.internal/computeMetadata',
    'https://100.64.0.1/in',
    'https://0.0.0.0/in',
    'https://[::1]/in',
    'https://[::ffff:127.0.0.1]/in',
    'https://[::ffff:8.8.8.8]/in',
    'https://[fd00:ec2::254]/in',
    'https://[fe80::1]/in',
    'https://user:pass@hooks.example.com/in',
    'https://hooks.example.com:0/in',
    'https://LOCALHOST./in',
    'https://metadata.google.internal./computeMetadata',
    'https://./in',
    'https://vm../in',
    'https://.vm/in',
  ])('refuses %s with invalid_callback_url', (url) => {
    expect(codeOf(() => validateCallbackUrl(url, strict))).toBe('invalid_callback_url');
  });

  it.each([
    'https://hooks.example.com/in?x=1',
    'https://8.8.8.8/in',
    'https://[2001:4860:4860::8888]/',
  ])('accepts %s', (url) => {
    expect(codeOf(() => validateCallbackUrl(url, strict))).toBeNull();
  });

  it.each([
    ['https://vm./x', 'https://vm/x'],
    ['https://Hooks.EXAMPLE.com./in?x=1', 'https://hooks.example.com/in?x=1'],
    ['https://bücher.example/in', 'https://xn--bcher-kva.example/in'],
    ['https://hooks.example.com:65535/in', 'https://hooks.example.com:65535/in'],
    ['https://hooks.example.com:443/in', 'https://hooks.example.com/in'],
  ])('normalizes %s to %s before the address checks', (url, normalized) => {
    expect(validateCallbackUrl(url, strict).toString()).toBe(normalized);
  });

  it('checks the trailing-dot form of a loopback name as the name itself', () => {
    expect(codeOf(() => validateCallbackUrl('https://localhost./hook', loopback))).toBeNull();
    expect(validateCallbackUrl('https://localhost./hook', loopback).hostname).toBe('localhost');
  });

  it('lets loopback through only with the development switch', () => {
    expect(codeOf(() => validateCallbackUrl('http://127.0.0.1:4000/hook', loopback))).toBeNull();
    expect(codeOf(() => validateCallbackUrl('https://localhost:4000/hook', loopback))).toBeNull();
    expect(codeOf(() => validateCallbackUrl('http://127.0.0.1:4000/hook', strict))).toBe(
      'invalid_callback_url',
    );
    // The switch is for loopback only: private networks stay refused.
    expect(codeOf(() => validateCallbackUrl('http://10.0.0.1/hook', loopback))).toBe(
      'invalid_callback_url',
    );
  });

  it('classifies resolved addresses for the connect-time filter', () => {
    expect(isPublicAddress('93.184.216.34', strict)).toBe(true);
    expect(isPublicAddress('127.0.0.1', strict)).toBe(false);
    expect(isPublicAddress('127.0.0.1', loopback)).toBe(true);
    expect(isPublicAddress('::ffff:93.184.216.34', strict)).toBe(false);
    expect(isPublicAddress('100.100.100.200', strict)).toBe(false);
    expect(isPublicAddress('not-an-ip', strict)).toBe(false);
  });
});
