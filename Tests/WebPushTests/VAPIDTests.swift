import Crypto
import Foundation
import Testing
import WebPush

@Suite("VAPID (RFC 8292)")
struct VAPIDTests {
    static let endpoint = URL(string: "https://push.example.net:8443/wpush/v2/abc?x=1")!
    static let now = Date(timeIntervalSince1970: 1_795_000_000)

    @Test("a signed header checks out as a push service checks it")
    func signsAndVerifies() throws {
        let key = VAPIDKey()
        let header = try key.authorization(
            endpoint: Self.endpoint,
            subject: "mailto:admin@example.org",
            expires: Self.now.addingTimeInterval(12 * 3_600)
        )
        #expect(header.hasPrefix("vapid t="))
        #expect(header.hasSuffix(", k=\(key.publicKey)"))
        let claims = try VAPID.verify(authorization: header, endpoint: Self.endpoint, now: Self.now)
        #expect(claims.audience == "https://push.example.net:8443")
        #expect(claims.subject == "mailto:admin@example.org")
        #expect(claims.publicKey == key.publicKey)
        #expect(claims.expires == Self.now.addingTimeInterval(12 * 3_600))
        #expect(try Base64URL.decode(key.publicKey)?.count == 65)
    }

    @Test("another origin, an expired or too-long token, another key or a changed claim is refused")
    func refuses() throws {
        let key = VAPIDKey()
        let header = try key.authorization(
            endpoint: Self.endpoint,
            subject: "mailto:admin@example.org",
            expires: Self.now.addingTimeInterval(3_600)
        )
        #expect(throws: VAPID.Failure.wrongAudience) {
            try VAPID.verify(authorization: header, endpoint: URL(string: "https://push.example.net/x")!, now: Self.now)
        }
        #expect(throws: VAPID.Failure.expired) {
            try VAPID.verify(authorization: header, endpoint: Self.endpoint, now: Self.now.addingTimeInterval(3_601))
        }
        let long = try key.authorization(
            endpoint: Self.endpoint,
            subject: "mailto:a@example.org",
            expires: Self.now.addingTimeInterval(25 * 3_600)
        )
        #expect(throws: VAPID.Failure.tooLong) {
            try VAPID.verify(authorization: long, endpoint: Self.endpoint, now: Self.now)
        }
        let other = header.replacingOccurrences(of: key.publicKey, with: VAPIDKey().publicKey)
        #expect(throws: VAPID.Failure.badSignature) {
            try VAPID.verify(authorization: other, endpoint: Self.endpoint, now: Self.now)
        }
        // The claims swapped for another audience, the signature kept.
        let parts = header.dropFirst(8).split(separator: ",")[0].split(separator: ".")
        let forged = Base64URL.encode(
            Data(#"{"aud":"https://evil.example","exp":1795003600,"sub":"mailto:x@y.z"}"#.utf8)
        )
        let swapped = "vapid t=\(parts[0]).\(forged).\(parts[2]), k=\(key.publicKey)"
        #expect(throws: VAPID.Failure.badSignature) {
            try VAPID.verify(authorization: swapped, endpoint: URL(string: "https://evil.example/x")!, now: Self.now)
        }
        let noContact = try key.authorization(
            endpoint: Self.endpoint,
            subject: "admin",
            expires: Self.now.addingTimeInterval(60)
        )
        #expect(throws: VAPID.Failure.noSubject) {
            try VAPID.verify(authorization: noContact, endpoint: Self.endpoint, now: Self.now)
        }
        #expect(throws: VAPID.Failure.malformed) {
            try VAPID.verify(authorization: "Bearer x", endpoint: Self.endpoint, now: Self.now)
        }
    }

    @Test("an origin drops the path and the scheme's own port")
    func audience() {
        #expect(VAPID.audience(of: URL(string: "https://fcm.example.com:443/send/x")!) == "https://fcm.example.com")
        #expect(VAPID.audience(of: URL(string: "http://127.0.0.1:9000/p")!) == "http://127.0.0.1:9000")
        #expect(VAPID.audience(of: URL(string: "ftp://example.com/p")!) == nil)
    }

    @Test("the key is made once, readable by its owner only, and the same key is read back")
    func keptOnDisk() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vapid-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("web-push/vapid.pem").path
        let made = try VAPIDKey.loadOrCreate(at: path)
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        #expect(try String(contentsOfFile: path, encoding: .utf8).hasPrefix("-----BEGIN PRIVATE KEY-----"))
        #expect(try VAPIDKey.loadOrCreate(at: path).publicKey == made.publicKey)
        #expect(!FileManager.default.fileExists(atPath: path + ".new"))
    }
}
