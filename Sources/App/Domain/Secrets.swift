import Crypto
import Foundation

/// Small pieces shared by everything that makes or compares secrets: tokens, codes, keys.
enum Secrets {
    /// `count` random bytes from the system's secure generator.
    static func randomBytes(_ count: Int) -> [UInt8] {
        SymmetricKey(size: SymmetricKeySize(bitCount: count * 8)).withUnsafeBytes { Array($0) }
    }

    /// Whether `a` and `b` are the same text, taking as long whichever character differs (so timing tells a guesser
    /// nothing about how much of a secret was right).
    static func constantTimeEquals(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8)
        let y = Array(b.utf8)
        guard x.count == y.count else { return false }
        var difference: UInt8 = 0
        for index in x.indices { difference |= x[index] ^ y[index] }
        return difference == 0
    }

    /// `text` cut into groups of `size` characters (the last may be shorter), for reading a key aloud or typing it.
    static func groups(_ text: String, of size: Int) -> [String] {
        var groups: [String] = []
        var rest = Substring(text)
        while !rest.isEmpty {
            groups.append(String(rest.prefix(size)))
            rest = rest.dropFirst(size)
        }
        return groups
    }

    /// 80 random bits as `xxxx-xxxx-xxxx-xxxx` in lower-case Base32: easy to read out and type, too many to guess.
    static func typeableCode() -> String {
        groups(Base32.encode(randomBytes(10)).lowercased(), of: 4).joined(separator: "-")
    }

    /// The SHA-256 of `text` as 64 lower-case hex digits: what the database keeps of a secret it must recognise but
    /// never give back (a session's cookie, a calendar feed's link, a recovery code). Every signed-in request hashes
    /// its cookie, so the digits are written without a formatter.
    static func digest(_ text: String) -> String {
        let hex = Array("0123456789abcdef".utf8)
        var digits: [UInt8] = []
        digits.reserveCapacity(64)
        for byte in SHA256.hash(data: Data(text.utf8)) {
            digits.append(hex[Int(byte >> 4)])
            digits.append(hex[Int(byte & 0x0f)])
        }
        return String(decoding: digits, as: UTF8.self)
    }
}

extension Data {
    /// Base64url without padding (RFC 4648 section 5): safe in cookies, URLs and form fields as it is.
    var base64URLEncoded: String {
        base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
