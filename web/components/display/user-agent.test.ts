import { describe, expect, it } from 'vitest';
import { timeAgo } from './time';
import { describeUserAgent } from './user-agent';

const UA = {
  chromeWindows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  edge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.70',
  safariMac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  firefoxLinux: 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  iphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  chromeIos: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
  androidPhone: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  androidTablet: 'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  samsung: 'Mozilla/5.0 (Linux; Android 14; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36',
  ipadDesktopMode: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  opera: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 OPR/115.0.0.0',
  chromebook: 'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
};

describe('the device of a browser session', () => {
  it.each([
    [UA.chromeWindows, 'Chrome on Windows', 'desktop'],
    [UA.edge, 'Edge on Windows', 'desktop'],
    [UA.safariMac, 'Safari on macOS', 'desktop'],
    [UA.firefoxLinux, 'Firefox on Linux', 'desktop'],
    [UA.iphone, 'Safari on iOS', 'mobile'],
    [UA.chromeIos, 'Chrome on iOS', 'mobile'],
    [UA.androidPhone, 'Chrome on Android', 'mobile'],
    [UA.androidTablet, 'Chrome on Android', 'tablet'],
    [UA.samsung, 'Samsung Internet on Android', 'mobile'],
    [UA.ipadDesktopMode, 'Safari on iPadOS', 'tablet'],
    [UA.opera, 'Opera on Windows', 'desktop'],
    [UA.chromebook, 'Chrome on ChromeOS', 'desktop'],
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36', 'Chrome on Linux', 'desktop'],
  ])('%s → %s (%s)', (ua, label, kind) => {
    const device = describeUserAgent(ua);
    expect(device.label).toBe(label);
    expect(device.kind).toBe(kind);
  });

  it('says so when it cannot tell', () => {
    expect(describeUserAgent(null).label).toBe('Unknown device');
    expect(describeUserAgent('curl/8.5.0').label).toBe('Unknown browser on unknown system');
  });
});

describe('relative times', () => {
  const now = Date.parse('2026-11-22T12:00:00Z');
  it('read naturally', () => {
    expect(timeAgo('2026-11-22T11:59:50Z', now, 'en')).toBe('just now');
    expect(timeAgo('2026-11-22T11:55:00Z', now, 'en')).toBe('5 minutes ago');
    expect(timeAgo('2026-11-22T09:00:00Z', now, 'en')).toBe('3 hours ago');
    expect(timeAgo('2026-11-21T12:00:00Z', now, 'en')).toBe('yesterday');
    expect(timeAgo('2026-11-01T12:00:00Z', now, 'en')).toBe('3 weeks ago');
    expect(timeAgo('2025-11-22T12:00:00Z', now, 'en')).toBe('last year');
  });
  it('are empty for what is not a date', () => {
    expect(timeAgo(null, now)).toBe('');
    expect(timeAgo('soon', now)).toBe('');
  });
});
