import { describe, expect, it } from 'vitest';
import { deviceLabel, otherDeviceName } from '../../../src/domain/deviceLabel.ts';

describe('deviceLabel', () => {
  it.each([
    ['Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36', 'Chrome on ChromeOS'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.0.0', 'Edge on Windows'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15', 'Safari on macOS'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1', 'Safari on iPhone'],
    ['Mozilla/5.0 (iPad; CPU OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120.0.6099.119 Mobile/15E148 Safari/604.1', 'Chrome on iPad'],
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36', 'Chrome on Android'],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0', 'Firefox on Linux'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 OPR/106.0.0.0', 'Opera on Windows'],
    ['curl/8.4.0', 'a browser'],
    ['', 'a browser'],
  ])('%s reads %s', (agent, label) => {
    expect(deviceLabel(agent)).toBe(label);
  });
});

describe('otherDeviceName', () => {
  it('names a device of the same make as another one, so the two copies read apart', () => {
    expect(otherDeviceName('Chrome on Linux', 'Chrome on Linux')).toBe('another Chrome on Linux');
  });

  it('keeps a label that already differs', () => {
    expect(otherDeviceName('Safari on iPhone', 'Chrome on Linux')).toBe('Safari on iPhone');
    expect(otherDeviceName('this device, before you signed in', 'Chrome on Linux')).toBe('this device, before you signed in');
  });
});
