import Crypto
import Foundation
import HummingbirdBcrypt

/// Hashes and checks passwords with bcrypt on a pool of its own (bcrypt is slow on purpose).
///
/// bcrypt reads only the first 72 bytes of its input, so the password is first reduced to its SHA-256 digest
/// (base64, 44 bytes): a long passphrase counts in full, and a NUL byte can't cut it short.
public struct PasswordHasher: Sendable {
    /// bcrypt's work factor: 12 in production; tests use the minimum, 4.
    public let cost: UInt8
    /// Where the hashing runs; a full pool refuses with `HashingPool.Busy`.
    public let pool: HashingPool

    public init(cost: UInt8 = 12, pool: HashingPool = .shared) {
        self.cost = min(max(cost, 4), 31)
        self.pool = pool
    }

    public func hash(_ password: String) async throws -> String {
        let input = Self.prehash(password)
        let cost = self.cost
        return try await pool.run { Bcrypt.hash(input, cost: cost) }
    }

    public func verify(_ password: String, hash: String) async throws -> Bool {
        let input = Self.prehash(password)
        let typed = Self.prehash(password, normalised: false)
        return try await pool.run {
            if Bcrypt.verify(input, hash: hash) { return true }
            // A password set before passwords were normalised was hashed as typed: "é" typed as e + accent still
            // matches it.
            return typed != input && Bcrypt.verify(typed, hash: hash)
        }
    }

    /// The password in Unicode's composed form (NFC), so "é" typed as one character or as e + accent is the same
    /// password, hashed with SHA-256 (bcrypt reads only 72 bytes).
    static func prehash(_ password: String, normalised: Bool = true) -> String {
        let text = normalised ? password.precomposedStringWithCanonicalMapping : password
        return Data(SHA256.hash(data: Data(text.utf8))).base64EncodedString()
    }
}
