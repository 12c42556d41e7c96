import { describe, expect, it } from 'vitest'
import { clientBucket, storableIp, UNKNOWN_CLIENT } from '../../src/security/client-address.ts'

describe('the client a per-address limit counts', () => {
  it('is the address itself for IPv4', () => {
    for (const ip of ['203.0.113.7', '0.0.0.0', '255.255.255.255', '10.0.0.1']) expect(clientBucket(ip), ip).toBe(ip)
  })

  it('is the /64 for IPv6, however the address is written', () => {
    const full = '2001:0db8:0001:0002:0000:0000:0000:0001'
    for (const ip of [full, '2001:db8:1:2::1', '2001:DB8:1:2::ffff', '2001:db8:1:2:aaaa:bbbb:cccc:dddd', '2001:db8:1:2::']) {
      expect(clientBucket(ip), ip).toBe('2001:db8:1:2::/64')
    }
    expect(clientBucket('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64')
    expect(clientBucket('::1')).toBe('0:0:0:0::/64')
    expect(clientBucket('::')).toBe('0:0:0:0::/64')
    expect(clientBucket('1::')).toBe('1:0:0:0::/64')
    expect(clientBucket('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64')
  })

  it('is the IPv4 address for an IPv4-mapped IPv6 address', () => {
    expect(clientBucket('::ffff:192.0.2.1')).toBe('192.0.2.1')
    expect(clientBucket('::ffff:c000:0201')).toBe('192.0.2.1')
    expect(clientBucket('0:0:0:0:0:ffff:192.0.2.1')).toBe('192.0.2.1')
  })

  it('leaves out a zone id', () => {
    expect(clientBucket('fe80::1%eth0')).toBe('fe80:0:0:0::/64')
    expect(clientBucket('fe80::1%25')).toBe('fe80:0:0:0::/64')
  })

  it('is one shared bucket for anything that is not an address', () => {
    const garbage = ['', ' ', 'unknown', 'localhost', 'not-an-address-1', '999.1.1.1', '1.2.3', '1.2.3.4.5', '01.2.3.4', '1.2.3.4:80',
      '1.2.3.4%eth0', '[2001:db8::1]', ':::::', '1::2::3', ':1::', '1:2:3:4:5:6:7:8:9', '1:2:3:4:5:6:7', '12345::1', 'g::1', '::ffff:999.0.0.1',
      '2001:db8::1%', "1.1.1.1'; drop table", '2001:db8::1, 2001:db8::2']
    for (const value of garbage) expect(clientBucket(value), JSON.stringify(value)).toBe(UNKNOWN_CLIENT)
  })
})

describe('addresses stored with a session', () => {
  it('keep what inet accepts and drop anything forged', () => {
    for (const ip of ['203.0.113.7', '::1', '2001:db8::8a2e:370:7334', '2001:db8:0:0:0:0:2:1', '::ffff:192.0.2.1']) expect(storableIp(ip), ip).toBe(ip)
    expect(storableIp('fe80::1%eth0')).toBe('fe80::1')
    for (const bad of ['999.1.1.1', ':::::', '1::2::3', 'localhost', "1.1.1.1'; drop table", '', '1:2:3:4:5:6:7:8:9']) expect(storableIp(bad), bad).toBeNull()
  })
})
