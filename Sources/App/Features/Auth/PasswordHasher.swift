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
        return try await NIOThreadPool.singleton.runIfActive { Bcrypt.verify(input, hash: hash) }
    }

    static func prehash(_ password: String) -> String {
        Data(SHA256.hash(data: Data(password.utf8))).base64EncodedString()
    }
}
