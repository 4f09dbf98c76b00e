import Crypto
import Foundation
import HummingbirdBcrypt
import NIOPosix

/// Hashes and checks passwords with bcrypt, off the event loop (bcrypt is slow on purpose).
///
/// bcrypt reads only the first 72 bytes of its input, so the password is first reduced to its SHA-256 digest
/// (base64, 44 bytes): a long passphrase counts in full, and a NUL byte can't cut it short.
public struct PasswordHasher: Sendable {
    /// bcrypt's work factor: 12 in production; tests use the minimum, 4.
    public let cost: UInt8

    public init(cost: UInt8 = 12) {
        self.cost = min(max(cost, 4), 31)
    }

    public func hash(_ password: String) async throws -> String {
        let input = Self.prehash(password)
        let cost = self.cost
        return try await NIOThreadPool.singleton.runIfActive { Bcrypt.hash(input, cost: cost) }
    }

    public func verify(_ password: String, hash: String) async throws -> Bool {
        let input = Self.prehash(password)
        if try await NIOThreadPool.singleton.runIfActive({ Bcrypt.verify(input, hash: hash) }) { return true }
        // A password set before passwords were normalised was hashed as typed: "é" typed as e + accent still
        // matches it.
        let typed = Self.prehash(password, normalised: false)
        guard typed != input else { return false }
        return try await NIOThreadPool.singleton.runIfActive { Bcrypt.verify(typed, hash: hash) }
    }

    /// The password in Unicode's composed form (NFC), so "é" typed as one character or as e + accent is the same
    /// password, hashed with SHA-256 (bcrypt reads only 72 bytes).
    static func prehash(_ password: String, normalised: Bool = true) -> String {
        let text = normalised ? password.precomposedStringWithCanonicalMapping : password
        return Data(SHA256.hash(data: Data(text.utf8))).base64EncodedString()
    }
}
