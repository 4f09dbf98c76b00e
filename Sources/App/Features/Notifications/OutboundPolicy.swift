import Foundation
import NIOPosix

/// Where the server may send requests for an address a member typed (a webhook, an ntfy server, a browser's push
/// service): public internet addresses only, plus what the owner allows with `--allow-outbound`. The host is
/// resolved here and every address it has is checked; the request then goes to the checked address (the client's
/// DNS override), so a name can't point somewhere else between the check and the connection.
struct OutboundPolicy: Sendable {
    var allowed = AllowList()
    /// Resolves a host name (or any form of address the system reads, like `127.1`) to its addresses.
    var resolve: @Sendable (String) async throws -> [IPAddress] = OutboundPolicy.systemResolve

    /// Why an address is refused.
    enum Refusal: Error, Equatable, CustomStringConvertible {
        /// Not an http or https URL with a host.
        case notWeb
        /// The host has no address.
        case unresolved
        /// The host has an address of this kind, which the owner hasn't allowed.
        case refused(IPAddress.Kind)

        var description: String {
            switch self {
            case .notWeb: "not a web address"
            case .unresolved: "the host name has no address"
            case .refused(.loopback): "the address points at the server itself"
            case .refused(.privateNetwork): "the address is on a private network"
            case .refused: "the address is not on the public internet"
            }
        }

        // What the member is told next to the field is `ProfileController.refusalMessage`, in their words.
    }

    /// Where a request for a URL goes: its host as the client reads it, and the checked address to connect to.
    struct Target: Sendable, Equatable {
        let host: String
        let address: IPAddress

        /// The client's DNS override: the host (as the URL writes it, with brackets for IPv6) to the checked address,
        /// while the Host header, SNI and the certificate check still use the host.
        var dnsOverride: [String: String] {
            [host: address.description, "[\(host)]": address.description]
        }
    }

    /// The host of an http or https URL as the HTTP client reads it (IPv6 without its brackets).
    static func host(of url: String) -> String? {
        guard let parsed = URL(string: url), let scheme = parsed.scheme?.lowercased(),
            scheme == "http" || scheme == "https",
            let host = parsed.host, !host.isEmpty
        else { return nil }
        return host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
    }

    /// Checks a URL's host and every address it resolves to; gives where to connect, or why not.
    func check(_ url: String) async -> Result<Target, Refusal> {
        guard let host = Self.host(of: url) else { return .failure(.notWeb) }
        let addresses: [IPAddress]
        if let literal = IPAddress(host) {
            addresses = [literal]
        } else {
            addresses = (try? await resolve(host)) ?? []
        }
        guard let first = addresses.first else { return .failure(.unresolved) }
        if !allowed.allows(host: host) {
            for address in addresses where !allowed.allows(address) {
                let kind = address.kind
                if kind != .global { return .failure(.refused(kind)) }
            }
        }
        return .success(Target(host: host, address: first))
    }

    /// What the owner allows besides public addresses: host names (whatever they resolve to), addresses and ranges.
    struct AllowList: Sendable, Equatable {
        var hosts: Set<String> = []
        var ranges: [Range] = []

        struct Range: Sendable, Equatable {
            let prefix: IPAddress
            let bits: Int
        }

        /// Reads `192.168.1.10,ntfy.lan,10.0.0.0/24,fd00::/8`; nil when an entry is none of these.
        init?(_ text: String) {
            for entry in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces).lowercased() })
            where !entry.isEmpty {
                let parts = entry.split(separator: "/", omittingEmptySubsequences: false)
                if let address = IPAddress(String(parts[0])) {
                    let width = address.bytes.count * 8
                    guard parts.count <= 2 else { return nil }
                    guard let bits = parts.count == 2 ? Int(parts[1]) : width, (0...width).contains(bits) else {
                        return nil
                    }
                    ranges.append(Range(prefix: address, bits: bits))
                } else {
                    let name = entry.hasSuffix(".") ? String(entry.dropLast()) : entry
                    guard !name.isEmpty, parts.count == 1,
                        name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == ".") })
                    else { return nil }
                    hosts.insert(name)
                }
            }
        }

        init() {}

        func allows(host: String) -> Bool {
            let name = host.lowercased()
            return hosts.contains(name.hasSuffix(".") ? String(name.dropLast()) : name)
        }

        /// An address is allowed when it, or the IPv4 address it carries, is in a listed range.
        func allows(_ address: IPAddress) -> Bool {
            ranges.contains { range in
                address.isIn(range.prefix, bits: range.bits)
                    || address.embeddedIPv4?.isIn(range.prefix, bits: range.bits) == true
            }
        }
    }

    /// The system resolver (getaddrinfo), off the caller's thread; it reads the loose numeric forms (`127.1`,
    /// `2130706433`, `0x7f000001`) as the addresses they are.
    @Sendable static func systemResolve(_ host: String) async throws -> [IPAddress] {
        try await NIOThreadPool.singleton.runIfActive {
            var hints = addrinfo()
            hints.ai_family = AF_UNSPEC
            #if canImport(Glibc)
            hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
            #else
            hints.ai_socktype = SOCK_STREAM
            #endif
            var list: UnsafeMutablePointer<addrinfo>?
            guard getaddrinfo(host, nil, &hints, &list) == 0, let first = list else { throw Refusal.unresolved }
            defer { freeaddrinfo(first) }
            var addresses: [IPAddress] = []
            var node: UnsafeMutablePointer<addrinfo>? = first
            while let info = node {
                if let socket = info.pointee.ai_addr {
                    switch Int32(socket.pointee.sa_family) {
                    case AF_INET:
                        var address = socket.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
                            $0.pointee.sin_addr
                        }
                        addresses.append(IPAddress(bytes: withUnsafeBytes(of: &address) { Array($0) }))
                    case AF_INET6:
                        var address = socket.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
                            $0.pointee.sin6_addr
                        }
                        addresses.append(IPAddress(bytes: withUnsafeBytes(of: &address) { Array($0) }))
                    default:
                        break
                    }
                }
                node = info.pointee.ai_next
            }
            var unique: [IPAddress] = []
            for address in addresses where !unique.contains(address) { unique.append(address) }
            return unique
        }
    }
}
