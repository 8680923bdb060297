import { bytesIpv6, comprobarUrl, direccionProhibida, resolverDestino } from './url-guard';

describe('webhook URL guard', () => {
  it.each([
    '127.0.0.1',
    '127.255.255.254',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.10',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fe80::1',
    'fe80::1%eth0',
    'fc00::1',
    'fd12:3456::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    '64:ff9b::a9fe:a9fe',
    '2002:c0a8:0101::1',
    'no es una dirección',
  ])('%s is refused', (ip) => expect(direccionProhibida(ip)).toBe(true));

  it.each(['8.8.8.8', '1.1.1.1', '172.32.0.1', '100.128.0.1', '93.184.216.34', '2606:4700:4700::1111', '::ffff:8.8.8.8', '2a00:1450:4001:80b::200e'])(
    '%s is public',
    (ip) => expect(direccionProhibida(ip)).toBe(false),
  );

  it('reads IPv6 addresses into 16 bytes', () => {
    expect(bytesIpv6('::1')).toEqual([...Array<number>(15).fill(0), 1]);
    expect(bytesIpv6('::ffff:1.2.3.4')).toEqual([...Array<number>(10).fill(0), 0xff, 0xff, 1, 2, 3, 4]);
    expect(bytesIpv6('2001:db8::8:800:200c:417a')).toEqual([0x20, 0x01, 0x0d, 0xb8, 0, 0, 0, 0, 0, 8, 8, 0, 0x20, 0x0c, 0x41, 0x7a]);
    expect(bytesIpv6('1.2.3.4')).toBeNull();
  });

  it('takes only http(s) URLs with a host and without credentials', () => {
    expect(comprobarUrl('https://example.com/hook').ok).toBe(true);
    expect(comprobarUrl('http://127.0.0.1:8080/x').ok).toBe(true);
    expect(comprobarUrl('ftp://example.com/x')).toEqual({ ok: false, motivo: expect.stringContaining('http') });
    expect(comprobarUrl('file:///etc/passwd').ok).toBe(false);
    expect(comprobarUrl('javascript:alert(1)').ok).toBe(false);
    expect(comprobarUrl('https://user:pass@example.com/').ok).toBe(false);
    expect(comprobarUrl('no es una url').ok).toBe(false);
  });

  const resolver = (tabla: Record<string, string[]>) => async (host: string) => {
    const direcciones = tabla[host];
    if (!direcciones) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
    return direcciones.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };

  it('refuses a name when any of its addresses is private, unless private addresses are allowed', async () => {
    const dns = resolver({ 'publico.test': ['93.184.216.34'], 'mixto.test': ['93.184.216.34', '10.0.0.5'], 'interno.test': ['fd00::5'] });
    const url = (s: string) => new URL(s);
    expect(await resolverDestino(url('https://publico.test/x'), false, dns)).toEqual({ ok: true, direcciones: [{ address: '93.184.216.34', family: 4 }] });
    expect(await resolverDestino(url('https://mixto.test/x'), false, dns)).toEqual({ ok: false, motivo: expect.stringContaining('10.0.0.5') });
    expect((await resolverDestino(url('https://interno.test/x'), false, dns)).ok).toBe(false);
    expect((await resolverDestino(url('https://mixto.test/x'), true, dns)).ok).toBe(true);
    expect(await resolverDestino(url('https://nadie.test/x'), true, dns)).toEqual({ ok: false, motivo: expect.stringContaining('ENOTFOUND') });
  });

  it('checks literal addresses without resolving them', async () => {
    const nunca = () => Promise.reject(new Error('no DNS for literals'));
    expect((await resolverDestino(new URL('http://127.0.0.1:9/x'), false, nunca)).ok).toBe(false);
    expect((await resolverDestino(new URL('http://[::1]:9/x'), false, nunca)).ok).toBe(false);
    expect((await resolverDestino(new URL('http://[::ffff:169.254.169.254]/x'), false, nunca)).ok).toBe(false);
    expect(await resolverDestino(new URL('http://127.0.0.1:9/x'), true, nunca)).toEqual({ ok: true, direcciones: [{ address: '127.0.0.1', family: 4 }] });
    expect((await resolverDestino(new URL('https://8.8.8.8/x'), false, nunca)).ok).toBe(true);
  });
});
