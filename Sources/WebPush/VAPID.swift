import Crypto
import Foundation

/// The server's identity toward push services (RFC 8292): a P-256 key whose public half browsers are given when
/// they subscribe, and which signs a short-lived JWT on every push.
public struct VAPIDKey: Sendable {
    public let privateKey: P256.Signing.PrivateKey

    public init(privateKey: P256.Signing.PrivateKey = .init()) {
        self.privateKey = privateKey
    }

    /// The public key, uncompressed (65 bytes), base64url: the `applicationServerKey` a browser subscribes with
    /// and the `k` of the Authorization header.
    public var publicKey: String { Base64URL.encode(privateKey.publicKey.x963Representation) }

    /// The key kept at `path` (PEM, readable by its owner only), made there the first time.
    public static func loadOrCreate(at path: String) throws -> VAPIDKey {
        let files = FileManager.default
        if files.fileExists(atPath: path) {
            let pem = try String(contentsOfFile: path, encoding: .utf8)
            return VAPIDKey(privateKey: try P256.Signing.PrivateKey(pemRepresentation: pem))
        }
        let folder = (path as NSString).deletingLastPathComponent
        try files.createDirectory(
            atPath: folder,
            withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700]
        )
        let key = VAPIDKey()
        let temporary = path + ".new"
        guard
            files.createFile(
                atPath: temporary,
                contents: Data(key.privateKey.pemRepresentation.utf8),
                attributes: [.posixPermissions: 0o600]
            )
        else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: temporary])
        }
        // Made whole under another name, then moved into place: a crash never leaves half a key.
        guard rename(temporary, path) == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
        }
        return key
    }

    /// The `Authorization` header for a push to `endpoint`: `vapid t=<JWT>, k=<public key>`, the JWT naming the
    /// endpoint's origin, expiring at `expires` (at most a day ahead), and giving `subject` (a mailto: or https:
    /// contact) to the push service.
    public func authorization(endpoint: URL, subject: String, expires: Date) throws -> String {
        guard let audience = VAPID.audience(of: endpoint) else { throw VAPID.Failure.badAudience }
        let header = #"{"typ":"JWT","alg":"ES256"}"#
        let claims = try JSONSerialization.data(
            withJSONObject: ["aud": audience, "exp": Int(expires.timeIntervalSince1970), "sub": subject]
                as [String: Any],
            options: [.sortedKeys, .withoutEscapingSlashes]
        )
        let input = Base64URL.encode(Data(header.utf8)) + "." + Base64URL.encode(claims)
        let signature = try privateKey.signature(for: Data(input.utf8))
        return "vapid t=\(input).\(Base64URL.encode(signature.rawRepresentation)), k=\(publicKey)"
    }
}

/// Reading a VAPID `Authorization` header as a push service does.
public enum VAPID {
    public enum Failure: Error, Equatable, CustomStringConvertible {
        case badAudience, malformed, badSignature, wrongAudience, expired, tooLong, noSubject

        public var description: String {
            switch self {
            case .badAudience: "the endpoint has no https or http origin"
            case .malformed: "the Authorization header is not a VAPID token"
            case .badSignature: "the token's signature does not match its key"
            case .wrongAudience: "the token names another push service"
            case .expired: "the token has expired"
            case .tooLong: "the token lasts more than a day"
            case .noSubject: "the token gives no contact"
            }
        }
    }

    /// What a checked token says.
    public struct Claims: Sendable, Equatable {
        public let audience: String
        public let expires: Date
        public let subject: String
        /// The signer's public key, base64url: the key the subscription was made with.
        public let publicKey: String
    }

    /// The origin a JWT for `endpoint` names: scheme, host and any port that isn't the scheme's own.
    public static func audience(of endpoint: URL) -> String? {
        guard let scheme = endpoint.scheme?.lowercased(), scheme == "https" || scheme == "http",
            let host = endpoint.host, !host.isEmpty
        else { return nil }
        let defaultPort = scheme == "https" ? 443 : 80
        let port = endpoint.port.flatMap { $0 == defaultPort ? nil : ":\($0)" } ?? ""
        return "\(scheme)://\(host.lowercased())\(port)"
    }

    /// Checks a `vapid t=…, k=…` header for a push to `endpoint` at `now`: the ES256 signature against `k`, the
    /// audience, an expiry no more than 24 hours ahead, and a contact.
    public static func verify(authorization: String, endpoint: URL, now: Date) throws -> Claims {
        guard authorization.hasPrefix("vapid ") else { throw Failure.malformed }
        var fields: [String: String] = [:]
        for part in authorization.dropFirst(6).split(separator: ",") {
            let pair = part.trimmingCharacters(in: .whitespaces).split(separator: "=", maxSplits: 1)
            guard pair.count == 2 else { throw Failure.malformed }
            fields[String(pair[0])] = String(pair[1])
        }
        guard let token = fields["t"], let key = fields["k"], let keyBytes = Base64URL.decode(key),
            let publicKey = try? P256.Signing.PublicKey(x963Representation: keyBytes)
        else { throw Failure.malformed }
        let parts = token.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3, let headerBytes = Base64URL.decode(parts[0]),
            let claimBytes = Base64URL.decode(parts[1]),
            let signatureBytes = Base64URL.decode(parts[2]),
            let header = try? JSONSerialization.jsonObject(with: headerBytes) as? [String: Any],
            header["alg"] as? String == "ES256",
            let claims = try? JSONSerialization.jsonObject(with: claimBytes) as? [String: Any]
        else {
            throw Failure.malformed
        }
        guard let signature = try? P256.Signing.ECDSASignature(rawRepresentation: signatureBytes),
            publicKey.isValidSignature(signature, for: Data((parts[0] + "." + parts[1]).utf8))
        else {
            throw Failure.badSignature
        }
        guard let audience = claims["aud"] as? String, audience == Self.audience(of: endpoint) else {
            throw Failure.wrongAudience
        }
        guard let exp = (claims["exp"] as? NSNumber)?.doubleValue else { throw Failure.malformed }
        let expires = Date(timeIntervalSince1970: exp)
        guard expires > now else { throw Failure.expired }
        guard expires <= now.addingTimeInterval(24 * 3_600) else { throw Failure.tooLong }
        guard let subject = claims["sub"] as? String,
            subject.hasPrefix("mailto:") || subject.hasPrefix("https:")
        else { throw Failure.noSubject }
        return Claims(audience: audience, expires: expires, subject: subject, publicKey: key)
    }
}
