// A browser's User-Agent header → what a person recognises ("Chrome on Windows"). Only the
// common browsers and systems are named; anything else is "Unknown browser" / "unknown system".

export type DeviceKind = 'desktop' | 'mobile' | 'tablet';

export type Device = {
  browser: string;
  os: string;
  kind: DeviceKind;
  /** "Chrome on Windows" */
  label: string;
};

// Order matters: Edge and Opera also say "Chrome", Chrome also says "Safari".
const BROWSERS: Array<[RegExp, string]> = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(Chrome|CriOS|Chromium|HeadlessChrome)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  [/\bMSIE |\bTrident\//, 'Internet Explorer'],
];

const SYSTEMS: Array<[RegExp, string]> = [
  [/\b(iPhone|iPod)\b/, 'iOS'],
  [/\biPad\b/, 'iPadOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

export function describeUserAgent(userAgent: string | null | undefined): Device {
  const ua = userAgent?.trim() ?? '';
  if (!ua) return { browser: 'Unknown browser', os: 'unknown system', kind: 'desktop', label: 'Unknown device' };

  const browser = BROWSERS.find(([re]) => re.test(ua))?.[1] ?? 'Unknown browser';
  let os = SYSTEMS.find(([re]) => re.test(ua))?.[1] ?? 'unknown system';

  let kind: DeviceKind = 'desktop';
  if (/\biPad\b|\bTablet\b/.test(ua) || (/\bAndroid\b/.test(ua) && !/\bMobile\b/.test(ua))) kind = 'tablet';
  else if (/\bMobi|\biPhone\b|\biPod\b/.test(ua)) kind = 'mobile';

  // iPadOS 13+ asks for desktop sites and reports itself as a Mac; a touch Mac is an iPad.
  if (os === 'macOS' && /\bMobile\/\w+/.test(ua)) {
    os = 'iPadOS';
    kind = 'tablet';
  }

  return { browser, os, kind, label: `${browser} on ${os}` };
}
