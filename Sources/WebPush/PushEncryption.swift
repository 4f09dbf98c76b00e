import Crypto
import Foundation

/// Message encryption for Web Push (RFC 8291): the payload is sealed for one subscription with its public key and
/// auth secret, as a single record of the `aes128gcm` content coding (RFC 8188).
public enum PushEncryption {
    /// The record size written in the header: one record holds the whole message.
    public static let recordSize = 4096
    /// The longest payload sent: push services take 4096 bytes of body at most (RFC 8030 §7.2), and the body is the
    /// 86-byte header (salt, record size, key length, sender key) and one record with its delimiter and AEAD tag.
    public static let maxPlaintext = 4096 - 86 - 1 - 16

    public enum Failure: Error, Equatable, CustomStringConvertible {
        case badKey, badAuthSecret, tooLong, malformed, cannotDecrypt

        public var description: String {
            switch self {
            case .badKey: "the subscription's key is not a P-256 public key"
            case .badAuthSecret: "the subscription's auth secret is not 16 bytes"
            case .tooLong: "the message is longer than one record holds"
            case .malformed: "the message is not one aes128gcm record"
            case .cannotDecrypt: "the message does not decrypt with this key"
            }
        }
    }

    /// Encrypts `plaintext` for the subscription whose public key (65 bytes, uncompressed) and auth secret are
    /// given. A fresh sender key and salt are made each time; tests pass fixed ones to check the RFC's example.
    public static func encrypt(
        _ plaintext: Data,
        subscriberKey: Data,
        authSecret: Data,
        senderKey: P256.KeyAgreement.PrivateKey = .init(),
        salt: Data? = nil
    ) throws -> Data {
        guard plaintext.count <= maxPlaintext else { throw Failure.tooLong }
        guard authSecret.count == 16 else { throw Failure.badAuthSecret }
        let receiver: P256.KeyAgreement.PublicKey
        do {
            receiver = try P256.KeyAgreement.PublicKey(x963Representation: subscriberKey)
        } catch {
            throw Failure.badKey
        }
        let salt = salt ?? Data((0..<16).map { _ in UInt8.random(in: .min ... .max) })
        let senderPublic = senderKey.publicKey.x963Representation
        let secret = try senderKey.sharedSecretFromKeyAgreement(with: receiver)
        let (key, nonce) = try contentKeys(
            secret: secret,
            authSecret: authSecret,
            salt: salt,
            receiverPublic: subscriberKey,
            senderPublic: senderPublic
        )
        // The last (and only) record ends with the delimiter 0x02 and no padding.
        var record = plaintext
        record.append(0x02)
        let sealed = try AES.GCM.seal(record, using: key, nonce: nonce)
        var body = salt
        body.append(contentsOf: withUnsafeBytes(of: UInt32(recordSize).bigEndian, Array.init))
        body.append(UInt8(senderPublic.count))
        body.append(senderPublic)
        body.append(sealed.ciphertext)
        body.append(sealed.tag)
        return body
    }

    /// What the browser does on arrival: reads the header, derives the same keys with the subscription's private
    /// key, and opens the record. The app never receives pushes; this checks what it sends.
    public static func decrypt(
        _ body: Data,
        subscriberKey: P256.KeyAgreement.PrivateKey,
        authSecret: Data
    ) throws -> Data {
        let bytes = [UInt8](body)
        guard bytes.count > 21 else { throw Failure.malformed }
        let keyLength = Int(bytes[20])
        guard bytes.count >= 21 + keyLength + 17 else { throw Failure.malformed }
        let salt = Data(bytes[0..<16])
        let senderPublic = Data(bytes[21..<(21 + keyLength)])
        let sealed = bytes[(21 + keyLength)...]
        let sender: P256.KeyAgreement.PublicKey
        do {
            sender = try P256.KeyAgreement.PublicKey(x963Representation: senderPublic)
        } catch {
            throw Failure.malformed
        }
        let secret = try subscriberKey.sharedSecretFromKeyAgreement(with: sender)
        let (key, nonce) = try contentKeys(
            secret: secret,
            authSecret: authSecret,
            salt: salt,
            receiverPublic: subscriberKey.publicKey.x963Representation,
            senderPublic: senderPublic
        )
        var record: Data
        do {
            let box = try AES.GCM.SealedBox(nonce: nonce, ciphertext: sealed.dropLast(16), tag: sealed.suffix(16))
            record = try AES.GCM.open(box, using: key)
        } catch {
            throw Failure.cannotDecrypt
        }
        while record.last == 0 { record.removeLast() }
        guard record.last == 0x02 else { throw Failure.malformed }
        return record.dropLast()
    }

    /// RFC 8291 §3.4: the input keying material from the ECDH secret and the auth secret, then RFC 8188 §2.2-2.3:
    /// the content-encryption key and the nonce from it and the salt.
    private static func contentKeys(
        secret: SharedSecret,
        authSecret: Data,
        salt: Data,
        receiverPublic: Data,
        senderPublic: Data
    ) throws -> (SymmetricKey, AES.GCM.Nonce) {
        var keyInfo = Data("WebPush: info".utf8)
        keyInfo.append(0)
        keyInfo.append(receiverPublic)
        keyInfo.append(senderPublic)
        let ikm = secret.hkdfDerivedSymmetricKey(
            using: SHA256.self,
            salt: authSecret,
            sharedInfo: keyInfo,
            outputByteCount: 32
        )
        let key = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: ikm,
            salt: salt,
            info: Data("Content-Encoding: aes128gcm\0".utf8),
            outputByteCount: 16
        )
        let nonce = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: ikm,
            salt: salt,
            info: Data("Content-Encoding: nonce\0".utf8),
            outputByteCount: 12
        )
        return (key, try AES.GCM.Nonce(data: nonce.withUnsafeBytes { Data($0) }))
    }
}
