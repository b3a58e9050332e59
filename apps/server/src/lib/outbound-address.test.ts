import { describe, expect, it } from 'vitest';
import { isPrivateHost, isPublicAddress } from './outbound-address.ts';

// Pure functions over strings: nothing here connects anywhere.
const NOT_PUBLIC: Array<[string, string]> = [
  ['127.0.0.1', 'loopback'],
  ['2130706433', 'decimal loopback'],
  ['0177.0.0.1', 'octal loopback'],
  ['0x7f.0.0.1', 'hex loopback'],
  ['0x7f000001', 'hex loopback as one number'],
  ['127.1', 'short loopback'],
  ['127.0.1', 'short loopback'],
  ['0.0.0.0', 'unspecified'],
  ['10.1.2.3', 'private'],
  ['172.16.0.1', 'private'],
  ['192.168.1.1', 'private'],
  ['100.64.0.1', 'carrier-grade NAT'],
  ['169.254.169.254', 'link-local (cloud metadata)'],
  ['224.0.0.1', 'multicast'],
  ['240.0.0.1', 'reserved'],
  ['255.255.255.255', 'broadcast'],
  ['192.0.2.1', 'documentation'],
  ['::1', 'IPv6 loopback'],
  ['[::1]', 'IPv6 loopback in brackets'],
  ['0:0:0:0:0:0:0:1', 'IPv6 loopback in full'],
  ['::', 'IPv6 unspecified'],
  ['::ffff:127.0.0.1', 'IPv4-mapped, dotted'],
  ['::ffff:7f00:1', 'IPv4-mapped, hex'],
  ['[::ffff:7f00:1]', 'IPv4-mapped, hex, in brackets'],
  ['::ffff:a9fe:a9fe', 'IPv4-mapped metadata address'],
  ['::ffff:0:7f00:1', 'IPv4-translated (RFC 6145)'],
  ['::127.0.0.1', 'IPv4-compatible, dotted'],
  ['::7f00:1', 'IPv4-compatible, hex'],
  ['::8.8.8.8', 'IPv4-compatible, deprecated even with a public IPv4'],
  ['64:ff9b::127.0.0.1', 'NAT64, dotted'],
  ['64:ff9b::7f00:1', 'NAT64, hex'],
  ['64:ff9b::a00:1', 'NAT64 of 10.0.0.1'],
  ['64:ff9b:1::7f00:1', 'local-use NAT64'],
  ['64:ff9b:1::808:808', 'local-use NAT64, whatever it embeds'],
  ['2002:7f00:1::', '6to4 of 127.0.0.1'],
  ['2002:c0a8:101::1', '6to4 of 192.168.1.1'],
  ['2001::1', 'Teredo'],
  ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo'],
  ['fd00::1', 'unique-local'],
  ['fc00::1', 'unique-local'],
  ['fe80::1', 'link-local'],
  ['fe80::1%eth0', 'link-local with a zone'],
  ['ff02::1', 'multicast'],
  ['2001:db8::1', 'documentation'],
  ['example.com', 'not an address'],
  ['', 'empty'],
];

const PUBLIC = [
  '8.8.8.8',
  '1.1.1.1',
  '93.184.215.14',
  '2606:4700:4700::1111',
  '2a00:1450:4001:82b::200e',
  '64:ff9b::808:808',
  '2002:808:808::1',
  '::ffff:8.8.8.8',
];

describe('isPublicAddress', () => {
  it.each(NOT_PUBLIC)('refuses %s (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(PUBLIC)('allows %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe('isPrivateHost', () => {
  it.each([
    'localhost',
    'LOCALHOST',
    'localhost.',
    'LOCALHOST.',
    'localhost..',
    'api.localhost',
    'api.localhost.',
    'metadata.google.internal',
    'metadata.google.internal.',
    '127.0.0.1',
    '[::1]',
    '[0:0:0:0:0:0:0:1]',
    '[::]',
    '0.0.0.0',
    '[::ffff:7f00:1]',
    '[::7f00:1]',
    '[64:ff9b::7f00:1]',
    '[2002:7f00:1::]',
    '0x7f000001',
    '127.1',
    '',
  ])('refuses %s', (hostname) => {
    expect(isPrivateHost(hostname)).toBe(true);
  });

  it.each(['example.com', 'hooks.example.com.', 'localhost.example.com', '8.8.8.8', '[2606:4700:4700::1111]'])('allows %s', (hostname) => {
    expect(isPrivateHost(hostname)).toBe(false);
  });
});
