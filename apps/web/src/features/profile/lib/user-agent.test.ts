import { describe, expect, it } from 'vitest';
import { describeUserAgent, timeAgo } from '@/features/profile/lib/user-agent';

describe('describeUserAgent', () => {
  it('names browser and system', () => {
    expect(describeUserAgent('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36')).toBe(
      'Chrome on macOS',
    );
    expect(describeUserAgent('Mozilla/5.0 (X11; Linux x86_64; rv:130.0) Gecko/20100101 Firefox/130.0')).toBe('Firefox on Linux');
    expect(describeUserAgent('Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0 Mobile Safari/604.1')).toBe(
      'Safari on iOS',
    );
  });
  it('copes with nothing', () => {
    expect(describeUserAgent(null)).toBe('Unknown device');
  });
});

describe('timeAgo', () => {
  it('rounds to minutes, hours and days', () => {
    const now = Date.parse('2026-03-01T12:00:00Z');
    expect(timeAgo('2026-03-01T11:59:30Z', now)).toBe('just now');
    expect(timeAgo('2026-03-01T11:55:00Z', now)).toBe('5 minutes ago');
    expect(timeAgo('2026-03-01T09:00:00Z', now)).toBe('3 hours ago');
    expect(timeAgo('2026-02-27T12:00:00Z', now)).toBe('2 days ago');
  });
});
