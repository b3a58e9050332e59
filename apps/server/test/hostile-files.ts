// Hostile upload files for the tests, made in the test (no committed binaries) the way an attacker edits real ones.
import zlib from 'node:zlib';
import forge from 'node-forge';

const SHROUDED_KEY_BAG = '1.2.840.113549.1.12.10.1.2';
const KEY_DERIVATION = /^1\.2\.840\.113549\.1\.(12\.1\.\d|5\.12)$/;
/**
 * The file with its MAC's iteration count, or every key derivation's, set to `iterations`: the few bytes an attacker
 * edits (the MAC then no longer verifies, which only a parse that already spent the iterations would notice).
 */
export function withIterations(der: Buffer, iterations: number, which: 'mac' | 'keys', options: { keyBags?: number } = {}): Buffer {
  const { asn1 } = forge;
  const count = () => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.INTEGER, false, asn1.integerToDer(iterations).getBytes());
  const root = asn1.fromDer(forge.util.createBuffer(der.toString('binary')));
  const visit = (node: forge.asn1.Asn1): boolean => {
    if (typeof node.value === 'string') {
      if (node.type !== asn1.Type.OCTETSTRING || node.tagClass !== asn1.Class.UNIVERSAL || !node.value.startsWith('0')) return false;
      let inner: forge.asn1.Asn1;
      try {
        inner = asn1.fromDer(forge.util.createBuffer(node.value));
      } catch {
        return false;
      }
      if (!visit(inner)) return false;
      node.value = asn1.toDer(inner).getBytes();
      return true;
    }
    // The key bag repeated, as a file asking for many derivations of an accepted count would.
    const keyBag = node.value.findIndex(
      (child) => Array.isArray(child.value) && child.value[0]?.type === asn1.Type.OID && asn1.derToOid(child.value[0].value as string) === SHROUDED_KEY_BAG,
    );
    if (keyBag >= 0 && (options.keyBags ?? 1) > 1)
      node.value.splice(keyBag, 0, ...Array<forge.asn1.Asn1>((options.keyBags ?? 1) - 1).fill(node.value[keyBag]!));
    const [first, params] = node.value;
    if (first?.type === asn1.Type.OID && typeof first.value === 'string' && KEY_DERIVATION.test(asn1.derToOid(first.value)) && Array.isArray(params?.value)) {
      params.value[1] = count();
      return true;
    }
    return node.value.map(visit).some(Boolean);
  };
  if (which === 'mac') ((root.value[2] as forge.asn1.Asn1).value as forge.asn1.Asn1[])[2] = count();
  else if (!visit(root)) throw new Error('no key derivation found');
  return Buffer.from(asn1.toDer(root).getBytes(), 'binary');
}

/** A PNG chunk: length, type, data, CRC. */
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A decompression bomb: a whole, valid PNG whose header declares a small canvas but whose image data inflates to
 * `inflatedBytes` (zeros compress about a thousand to one).
 */
export function decompressionBombPng(width: number, height: number, inflatedBytes: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA, deflate, no filter method, no interlace
  const data = zlib.deflateSync(Buffer.alloc(inflatedBytes), { level: 9 });
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', data), chunk('IEND', Buffer.alloc(0))]);
}
