import Foundation

/// An IPv4 or IPv6 address as its 4 or 16 bytes, and what kind of network it belongs to.
struct IPAddress: Hashable, Sendable, CustomStringConvertible {
    let bytes: [UInt8]

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// An address written the standard way (`192.168.1.10`, `::1`, `[::1]`); the loose forms the system resolver
    /// also reads (`127.1`, `2130706433`) are not addresses here, they go through `OutboundPolicy.resolve`.
    init?(_ text: String) {
        let text = text.hasPrefix("[") && text.hasSuffix("]") ? String(text.dropFirst().dropLast()) : text
        var v4 = in_addr()
        var v6 = in6_addr()
        if inet_pton(AF_INET, text, &v4) == 1 {
            bytes = withUnsafeBytes(of: &v4) { Array($0) }
        } else if inet_pton(AF_INET6, text, &v6) == 1 {
            bytes = withUnsafeBytes(of: &v6) { Array($0) }
        } else {
            return nil
        }
    }

    var isV4: Bool { bytes.count == 4 }

    var description: String {
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        let written = bytes.withUnsafeBytes { raw in
            inet_ntop(isV4 ? AF_INET : AF_INET6, raw.baseAddress, &buffer, socklen_t(buffer.count))
        }
        guard written != nil else { return "?" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Whether the first `bits` bits are those of `prefix` (of the same family).
    func isIn(_ prefix: IPAddress, bits: Int) -> Bool {
        guard prefix.bytes.count == bytes.count, bits <= bytes.count * 8 else { return false }
        for index in 0..<(bits / 8) where bytes[index] != prefix.bytes[index] { return false }
        let rest = bits % 8
        guard rest > 0 else { return true }
        let mask = UInt8(0xFF) << (8 - rest)
        return bytes[bits / 8] & mask == prefix.bytes[bits / 8] & mask
    }

    /// The IPv4 address an IPv6 one carries, which is where a connection to it really goes: IPv4-mapped
    /// (`::ffff:0:0/96`), IPv4-compatible (`::/96`), NAT64 (`64:ff9b::/96`) and 6to4 (`2002::/16`).
    var embeddedIPv4: IPAddress? {
        guard !isV4 else { return nil }
        if isIn(Self.mapped, bits: 96) || isIn(Self.compatible, bits: 96) || isIn(Self.nat64, bits: 96) {
            return IPAddress(bytes: Array(bytes[12..<16]))
        }
        if isIn(Self.sixToFour, bits: 16) { return IPAddress(bytes: Array(bytes[2..<6])) }
        return nil
    }

    /// What kind of network an address is on, as far as the server reaching it goes.
    enum Kind: Sendable, Equatable {
        /// A public unicast address on the internet.
        case global
        /// The server itself: loopback, and the unspecified address (a connection to it lands on the server).
        case loopback
        /// A private network: 10/8, 172.16/12, 192.168/16, carrier-grade NAT 100.64/10, unique-local fc00::/7.
        case privateNetwork
        /// Anything else that isn't a public address: link-local (with the cloud metadata address 169.254.169.254),
        /// multicast, broadcast and reserved, documentation and benchmark ranges.
        case notPublic
    }

    var kind: Kind {
        if let inner = embeddedIPv4 { return inner.kind }
        let table = isV4 ? Self.v4Ranges : Self.v6Ranges
        if let range = table.first(where: { isIn($0.prefix, bits: $0.bits) }) { return range.kind }
        // Of IPv6, only 2000::/3 is handed out as global unicast.
        return isV4 || isIn(Self.globalUnicast, bits: 3) ? .global : .notPublic
    }

    private static func address(_ text: String) -> IPAddress {
        guard let address = IPAddress(text) else { preconditionFailure("bad address literal \(text)") }
        return address
    }

    private static let mapped = address("::ffff:0:0")
    private static let compatible = address("::")
    private static let nat64 = address("64:ff9b::")
    private static let sixToFour = address("2002::")
    private static let globalUnicast = address("2000::")

    private static let v4Ranges: [(prefix: IPAddress, bits: Int, kind: Kind)] = [
        (address("0.0.0.0"), 8, .loopback),
        (address("127.0.0.0"), 8, .loopback),
        (address("10.0.0.0"), 8, .privateNetwork),
        (address("172.16.0.0"), 12, .privateNetwork),
        (address("192.168.0.0"), 16, .privateNetwork),
        (address("100.64.0.0"), 10, .privateNetwork),
        (address("169.254.0.0"), 16, .notPublic),
        (address("192.0.0.0"), 24, .notPublic),
        (address("192.0.2.0"), 24, .notPublic),
        (address("192.88.99.0"), 24, .notPublic),
        (address("198.18.0.0"), 15, .notPublic),
        (address("198.51.100.0"), 24, .notPublic),
        (address("203.0.113.0"), 24, .notPublic),
        (address("224.0.0.0"), 4, .notPublic),
        (address("240.0.0.0"), 4, .notPublic),
    ]

    private static let v6Ranges: [(prefix: IPAddress, bits: Int, kind: Kind)] = [
        (address("fc00::"), 7, .privateNetwork),
        (address("fec0::"), 10, .privateNetwork),
        (address("fe80::"), 10, .notPublic),
        (address("ff00::"), 8, .notPublic),
        (address("2001::"), 23, .notPublic),
        (address("2001:db8::"), 32, .notPublic),
        (address("3fff::"), 20, .notPublic),
    ]
}
