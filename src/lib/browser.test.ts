import { describe, expect, it } from 'vitest';
import { pageAnimationsUnsupported } from './browser';

// Real user-agent strings, as the browsers send them.
const UA = {
  safariMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  safariIpad:
    'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1',
  chromeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  chromeMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  chromiumLinux:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chromium/119.0.6045.199 Chrome/119.0.6045.199 Safari/537.36',
  chromiumEdge:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.2478.51',
  edgeHtml:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/70.0.3538.102 Safari/537.36 Edge/18.19045',
  ie11: 'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko',
  ie10: 'Mozilla/5.0 (compatible; MSIE 10.0; Windows NT 6.2; Trident/6.0)',
  firefoxIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/124.0 Mobile/15E148 Safari/605.1.15',
  chromeIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0.6367.88 Mobile/15E148 Safari/604.1',
  edgeIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 EdgiOS/124.0.2478.50 Mobile/15E148 Safari/605.1.15',
  androidChrome:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.6367.82 Mobile Safari/537.36',
  androidStock:
    'Mozilla/5.0 (Linux; U; Android 4.0.3; en-us; GT-I9100 Build/IML74K) AppleWebKit/534.30 (KHTML, like Gecko) Version/4.0 Mobile Safari/534.30',
  firefoxDesktop: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0',
} as const;

describe('browsers without page animations', () => {
  it.each([
    ['Safari on macOS', UA.safariMac, true],
    ['Safari on iPhone', UA.safariIphone, true],
    ['Safari on iPad', UA.safariIpad, true],
    ['IE 11 ("Trident/")', UA.ie11, true],
    ['IE 10 ("MSIE")', UA.ie10, true],
    ['EdgeHTML ("Edge/")', UA.edgeHtml, true],
    ['Chrome on Windows', UA.chromeWindows, false],
    ['Chrome on macOS', UA.chromeMac, false],
    ['Chromium on Linux', UA.chromiumLinux, false],
    ['Chromium-based Edge ("Edg/")', UA.chromiumEdge, false],
    ['Edge on iOS ("EdgiOS", contains "Edg")', UA.edgeIos, false],
    ['Firefox on iOS ("FxiOS")', UA.firefoxIos, false],
    ['Chrome on iOS ("CriOS")', UA.chromeIos, false],
    ['Chrome on Android', UA.androidChrome, false],
    ['the old Android browser', UA.androidStock, false],
    ['Firefox', UA.firefoxDesktop, false],
  ])('%s → %s', (_, userAgent, expected) => {
    expect(pageAnimationsUnsupported(userAgent)).toBe(expected);
  });
});
