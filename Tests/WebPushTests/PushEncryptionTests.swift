import Crypto
import Foundation
import Testing
import WebPush

@Suite("Web Push encryption (RFC 8291)")
struct PushEncryptionTests {
    /// RFC 8291 Appendix A.
    enum Example {
        static let plaintext = "When I grow up, I want to be a watermelon"
        static let senderPrivate = "yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw"
        static let senderPublic =
            "BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8"
        static let receiverPrivate = "q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94"
        static let receiverPublic =
            "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4"
        static let authSecret = "BTBZMqHH6r4Tts7J_aSIgg"
        static let salt = "DGv6ra1nlYgDCS1FRnbzlw"
        static let body =
            "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN"
    }

    static func bytes(_ text: String) throws -> Data { try #require(Base64URL.decode(text)) }

    @Test("the RFC's example message comes out byte for byte")
    func rfcExample() throws {
        let sender = try P256.KeyAgreement.PrivateKey(rawRepresentation: Self.bytes(Example.senderPrivate))
        #expect(Base64URL.encode(sender.publicKey.x963Representation) == Example.senderPublic)
        let body = try PushEncryption.encrypt(
            Data(Example.plaintext.utf8),
            subscriberKey: Self.bytes(Example.receiverPublic),
            authSecret: Self.bytes(Example.authSecret),
            senderKey: sender,
            salt: Self.bytes(Example.salt)
        )
        #expect(Base64URL.encode(body) == Example.body)
    }

    @Test("the RFC's example opens with the subscription's private key")
    func rfcDecrypt() throws {
        let receiver = try P256.KeyAgreement.PrivateKey(rawRepresentation: Self.bytes(Example.receiverPrivate))
        let plaintext = try PushEncryption.decrypt(
            Self.bytes(Example.body),
            subscriberKey: receiver,
            authSecret: Self.bytes(Example.authSecret)
        )
        #expect(String(decoding: plaintext, as: UTF8.self) == Example.plaintext)
    }

    @Test("a message made with fresh keys opens for its subscriber only, and a changed byte is caught")
    func roundTrip() throws {
        let receiver = P256.KeyAgreement.PrivateKey()
        let auth = Data((0..<16).map { UInt8($0) })
        let message = Data(#"{"title":"Coupon expiring: Pizza","body":"€5.00"}"#.utf8)
        let body = try PushEncryption.encrypt(
            message,
            subscriberKey: receiver.publicKey.x963Representation,
            authSecret: auth
        )
        #expect(body.count == 16 + 4 + 1 + 65 + message.count + 1 + 16)
        #expect(try PushEncryption.decrypt(body, subscriberKey: receiver, authSecret: auth) == message)
        // Two messages never share a salt or sender key.
        let again = try PushEncryption.encrypt(
            message,
            subscriberKey: receiver.publicKey.x963Representation,
            authSecret: auth
        )
        #expect(again.prefix(86) != body.prefix(86))

        #expect(throws: PushEncryption.Failure.cannotDecrypt) {
            try PushEncryption.decrypt(body, subscriberKey: P256.KeyAgreement.PrivateKey(), authSecret: auth)
        }
        #expect(throws: PushEncryption.Failure.cannotDecrypt) {
            try PushEncryption.decrypt(body, subscriberKey: receiver, authSecret: Data(repeating: 7, count: 16))
        }
        var changed = body
        changed[changed.count - 20] ^= 1
        #expect(throws: PushEncryption.Failure.cannotDecrypt) {
            try PushEncryption.decrypt(changed, subscriberKey: receiver, authSecret: auth)
        }
        #expect(throws: PushEncryption.Failure.malformed) {
            try PushEncryption.decrypt(body.prefix(30), subscriberKey: receiver, authSecret: auth)
        }
    }

    @Test("a bad key, a short auth secret or a message too long for one record is refused")
    func refused() throws {
        let receiver = P256.KeyAgreement.PrivateKey().publicKey.x963Representation
        let auth = Data(repeating: 1, count: 16)
        #expect(throws: PushEncryption.Failure.badKey) {
            try PushEncryption.encrypt(Data("hi".utf8), subscriberKey: Data(repeating: 4, count: 65), authSecret: auth)
        }
        #expect(throws: PushEncryption.Failure.badAuthSecret) {
            try PushEncryption.encrypt(Data("hi".utf8), subscriberKey: receiver, authSecret: auth.prefix(8))
        }
        #expect(throws: PushEncryption.Failure.tooLong) {
            try PushEncryption.encrypt(
                Data(repeating: 65, count: PushEncryption.maxPlaintext + 1),
                subscriberKey: receiver,
                authSecret: auth
            )
        }
        #expect(
            try PushEncryption.encrypt(
                Data(repeating: 65, count: PushEncryption.maxPlaintext),
                subscriberKey: receiver,
                authSecret: auth
            ).count == 4096,
            "the most a push service takes"
        )
    }

    @Test("base64url reads and writes without padding, and refuses what isn't")
    func base64url() throws {
        #expect(Base64URL.encode([0xfb, 0xff, 0xfe]) == "-__-")
        #expect(Base64URL.decode("-__-") == Data([0xfb, 0xff, 0xfe]))
        #expect(Base64URL.decode("AQ") == Data([1]))
        #expect(Base64URL.decode("AQ==") == Data([1]))
        #expect(Base64URL.decode("A") == nil)
        #expect(Base64URL.decode("é") == nil)
        #expect(Base64URL.decode("a b") == nil)
    }
}
