import Crypto
import Foundation

/// Time-based one-time passwords (RFC 6238, over HOTP of RFC 4226): what authenticator apps show, HMAC-SHA1 of the
/// 30-second step, six digits.
struct TOTP: Sendable, Equatable {
    /// The shared secret, as raw bytes.
    let secret: [UInt8]
    var digits = 6
    var period: TimeInterval = 30

    /// The 30-second step `date` falls in, counted from 1970.
    func step(at date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 / period).rounded(.down))
    }

    /// The code of `step`, with leading zeros.
    func code(step: Int64) -> String {
        var counter = UInt64(bitPattern: step).bigEndian
        let message = withUnsafeBytes(of: &counter) { Data($0) }
        let mac = Array(HMAC<Insecure.SHA1>.authenticationCode(for: message, using: SymmetricKey(data: secret)))
        // Dynamic truncation (RFC 4226 section 5.3).
        let offset = Int(mac[mac.count - 1] & 0x0f)
        let value =
            (UInt32(mac[offset] & 0x7f) << 24) | (UInt32(mac[offset + 1]) << 16)
            | (UInt32(mac[offset + 2]) << 8) | UInt32(mac[offset + 3])
        var modulus: UInt32 = 1
        for _ in 0..<digits { modulus *= 10 }
        let text = String(value % modulus)
        return String(repeating: "0", count: digits - text.count) + text
    }

    /// The step whose code `typed` is, within one step before or after `date`'s (clocks drift, people are slow), or
    /// nil. Spaces and dashes in what was typed are ignored.
    func matchingStep(_ typed: String, at date: Date) -> Int64? {
        let code = typed.filter { $0 != " " && $0 != "-" }
        guard code.count == digits, code.allSatisfy(\.isASCIIDigit) else { return nil }
        let now = step(at: date)
        for candidate in [now, now - 1, now + 1] where Secrets.constantTimeEquals(self.code(step: candidate), code) {
            return candidate
        }
        return nil
    }

    /// A new random 160-bit secret, as RFC 4226 recommends.
    static func makeSecret() -> [UInt8] {
        Secrets.randomBytes(20)
    }

    /// The `otpauth://` address an authenticator app reads from the QR code.
    func uri(account: String, issuer: String) -> String {
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._~@"))
        let label = (issuer + ":" + account).addingPercentEncoding(withAllowedCharacters: allowed) ?? account
        let issuerParameter = issuer.addingPercentEncoding(withAllowedCharacters: allowed) ?? issuer
        return "otpauth://totp/\(label)?secret=\(Base32.encode(secret))&issuer=\(issuerParameter)"
            + "&algorithm=SHA1&digits=\(digits)&period=\(Int(period))"
    }
}

/// Base32 (RFC 4648) without padding: how authenticator apps take a secret typed by hand.
enum Base32 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567".utf8)

    static func encode(_ bytes: [UInt8]) -> String {
        var result: [UInt8] = []
        var buffer = 0
        var bits = 0
        for byte in bytes {
            buffer = (buffer << 8) | Int(byte)
            bits += 8
            while bits >= 5 {
                result.append(alphabet[(buffer >> (bits - 5)) & 31])
                bits -= 5
            }
            buffer &= (1 << bits) - 1
        }
        if bits > 0 { result.append(alphabet[(buffer << (5 - bits)) & 31]) }
        return String(decoding: result, as: UTF8.self)
    }

    /// The bytes of `text` (case, spaces, dashes and padding ignored), or nil if it isn't Base32.
    static func decode(_ text: String) -> [UInt8]? {
        var result: [UInt8] = []
        var buffer = 0
        var bits = 0
        for character in text.uppercased().utf8
        where character != UInt8(ascii: " ") && character != UInt8(ascii: "-")
            && character != UInt8(ascii: "=")
        {
            guard let value = alphabet.firstIndex(of: character) else { return nil }
            buffer = (buffer << 5) | value
            bits += 5
            if bits >= 8 {
                result.append(UInt8((buffer >> (bits - 8)) & 0xff))
                bits -= 8
            }
            buffer &= (1 << bits) - 1
        }
        return result
    }
}
