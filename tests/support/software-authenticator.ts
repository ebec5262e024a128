// For the tests: a software passkey authenticator (ES256, attestation "none", resident keys, user verified) that
// answers WebAuthn options as a browser would hand them to a device, producing what @simplewebauthn/browser posts.
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

type Json = Record<string, unknown>;
const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

/** CBOR (RFC 8949) for what attestation needs: small integers, text, bytes and maps. */
function cbor(value: number | string | Uint8Array | Map<number | string, unknown>): Buffer {
  const head = (major: number, length: number) =>
    Buffer.from(
      length < 24
        ? [(major << 5) | length]
        : length < 256
          ? [(major << 5) | 24, length]
          : [(major << 5) | 25, length >> 8, length & 255],
    );
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  return Buffer.concat([
    head(5, value.size),
    ...[...value].flatMap(([key, item]) => [cbor(key), cbor(item as Parameters<typeof cbor>[0])]),
  ]);
}

export interface Passkey {
  id: Buffer;
  rpId: string;
  userHandle: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
  signCount: number;
}

const UP_UV = 0x01 | 0x04;
const ATTESTED = 0x40;

/** A device: `origin` is the page the browser says asked (clientDataJSON), as a browser on that page would. */
export function softwareAuthenticator(origin: string) {
  const passkeys: Passkey[] = [];
  const counter = (count: number) =>
    Buffer.from([count >>> 24, (count >>> 16) & 255, (count >>> 8) & 255, count & 255]);
  const clientData = (type: string, challenge: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));

  return {
    passkeys,
    /** navigator.credentials.create: a new resident passkey for the options' relying party and user. */
    register(options: Json) {
      const rp = options.rp as { id: string };
      const user = options.user as { id: string };
      const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      const passkey: Passkey = {
        id: randomBytes(16),
        rpId: rp.id,
        userHandle: user.id,
        privateKey,
        publicKey,
        signCount: 0,
      };
      passkeys.push(passkey);
      const { x = '', y = '' } = publicKey.export({ format: 'jwk' });
      const coseKey = new Map<number, unknown>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(x, 'base64url')],
        [-3, Buffer.from(y, 'base64url')],
      ]);
      const idLength = Buffer.from([passkey.id.length >> 8, passkey.id.length & 255]);
      const authData = Buffer.concat([
        sha256(rp.id),
        Buffer.from([UP_UV | ATTESTED]),
        counter(0),
        Buffer.alloc(16),
        idLength,
        passkey.id,
        cbor(coseKey),
      ]);
      const attestation = cbor(
        new Map<string, unknown>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authData],
        ]),
      );
      return {
        id: b64url(passkey.id),
        rawId: b64url(passkey.id),
        type: 'public-key',
        response: {
          clientDataJSON: b64url(clientData('webauthn.create', options.challenge as string)),
          attestationObject: b64url(attestation),
          transports: ['internal'],
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },
    /** navigator.credentials.get with a discoverable passkey: `passkey` (default the first) signs the challenge. */
    authenticate(options: Json, passkey: Passkey | undefined = passkeys[0]) {
      if (!passkey) throw new Error('no passkey on this authenticator');
      passkey.signCount += 1;
      const authData = Buffer.concat([sha256(passkey.rpId), Buffer.from([UP_UV]), counter(passkey.signCount)]);
      const data = clientData('webauthn.get', options.challenge as string);
      return {
        id: b64url(passkey.id),
        rawId: b64url(passkey.id),
        type: 'public-key',
        response: {
          clientDataJSON: b64url(data),
          authenticatorData: b64url(authData),
          signature: b64url(sign('sha256', Buffer.concat([authData, sha256(data)]), passkey.privateKey)),
          userHandle: passkey.userHandle,
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },
  };
}
