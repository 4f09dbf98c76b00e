import Crypto
import Foundation
import SwiftASN1
import X509

/// The certificate Stashify makes for itself at first start when no real one is configured.
///
/// It makes a small local certificate authority and a server certificate signed by it (P-256), both kept in
/// the data folder and reused on later starts. Browsers show the server certificate; phones can install the
/// authority (offered at `/ca.crt`) to trust it. The server certificate is renewed when it nears expiry.
public struct LocalCertificate: Sendable {
    public let certificatePath: String
    public let keyPath: String
    public let authorityPath: String
    /// SHA-256 of the server certificate, as browsers show it (`AB:CD:…`).
    public let fingerprint: String
    /// The authority certificate in DER form, served at `/ca.crt`.
    public let authorityDER: [UInt8]

    /// Server certificates live 825 days, the most Apple devices accept; renewed 30 days before the end.
    static let serverLifetime: TimeInterval = 825 * 24 * 3600
    static let authorityLifetime: TimeInterval = 10 * 365 * 24 * 3600
    static let renewalMargin: TimeInterval = 30 * 24 * 3600

    /// Loads the certificate in `directory`, making (or renewing) it first when needed.
    public static func loadOrCreate(in directory: String, hostName: String, now: Date) throws -> LocalCertificate {
        let files = Files(directory: directory)
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: directory)

        let authority: (certificate: Certificate, key: P256.Signing.PrivateKey)
        if let existing = try? files.loadAuthority(),
            existing.certificate.notValidAfter > now.addingTimeInterval(renewalMargin)
        {
            authority = existing
        } else {
            authority = try makeAuthority(hostName: hostName, now: now)
            try files.write(
                pem: authority.certificate.serializeAsPEM().pemString,
                to: files.authorityCertificate,
                secret: false
            )
            try files.write(pem: authority.key.pemRepresentation, to: files.authorityKey, secret: true)
            try? FileManager.default.removeItem(atPath: files.certificate)
        }

        let needsServerCertificate: Bool
        if let existing = try? files.loadServerCertificate() {
            needsServerCertificate =
                existing.notValidAfter <= now.addingTimeInterval(renewalMargin)
                || existing.issuer != authority.certificate.subject
                || !FileManager.default.fileExists(atPath: files.key)
        } else {
            needsServerCertificate = true
        }
        if needsServerCertificate {
            let key = P256.Signing.PrivateKey()
            let certificate = try makeServerCertificate(key: key, hostName: hostName, authority: authority, now: now)
            let chain =
                try certificate.serializeAsPEM().pemString + "\n" + authority.certificate.serializeAsPEM().pemString
            try files.write(pem: chain, to: files.certificate, secret: false)
            try files.write(pem: key.pemRepresentation, to: files.key, secret: true)
        }

        let server = try files.loadServerCertificate()
        var serializer = DER.Serializer()
        try serializer.serialize(server)
        var authoritySerializer = DER.Serializer()
        try authoritySerializer.serialize(authority.certificate)
        return LocalCertificate(
            certificatePath: files.certificate,
            keyPath: files.key,
            authorityPath: files.authorityCertificate,
            fingerprint: fingerprint(of: serializer.serializedBytes),
            authorityDER: authoritySerializer.serializedBytes
        )
    }

    /// `AB:CD:…` — the SHA-256 of DER bytes, the way browsers display it.
    public static func fingerprint(of der: [UInt8]) -> String {
        SHA256.hash(data: der).map { String(format: "%02X", $0) }.joined(separator: ":")
    }

    private static func makeAuthority(
        hostName: String,
        now: Date
    ) throws -> (certificate: Certificate, key: P256.Signing.PrivateKey) {
        let key = P256.Signing.PrivateKey()
        let name = try DistinguishedName {
            OrganizationName("Stashify")
            CommonName("Stashify local authority (\(hostName))")
        }
        let certificate = try Certificate(
            version: .v3,
            serialNumber: Certificate.SerialNumber(),
            publicKey: .init(key.publicKey),
            notValidBefore: now.addingTimeInterval(-3600),
            notValidAfter: now.addingTimeInterval(authorityLifetime),
            issuer: name,
            subject: name,
            signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: 0))
                Critical(KeyUsage(keyCertSign: true, cRLSign: true))
                // A phone that trusts this authority trusts it for this server's names only, never for other sites.
                Critical(
                    NameConstraints(
                        permittedDNSDomains: serverNames(hostName: hostName),
                        permittedIPRanges: [
                            ASN1OctetString(contentBytes: [127, 0, 0, 0, 255, 0, 0, 0]),
                            ASN1OctetString(
                                contentBytes: ArraySlice(
                                    [UInt8](repeating: 0, count: 15) + [1]
                                        + [UInt8](repeating: 255, count: 16)
                                )
                            ),
                        ]
                    )
                )
                SubjectKeyIdentifier(hash: Certificate.PublicKey(key.publicKey))
            },
            issuerPrivateKey: .init(key)
        )
        return (certificate, key)
    }

    private static func makeServerCertificate(
        key: P256.Signing.PrivateKey,
        hostName: String,
        authority: (certificate: Certificate, key: P256.Signing.PrivateKey),
        now: Date
    ) throws -> Certificate {
        var names: [GeneralName] = serverNames(hostName: hostName).map { .dnsName($0) }
        names.append(.ipAddress(ASN1OctetString(contentBytes: [127, 0, 0, 1])))
        names.append(.ipAddress(ASN1OctetString(contentBytes: ArraySlice([UInt8](repeating: 0, count: 15) + [1]))))
        return try Certificate(
            version: .v3,
            serialNumber: Certificate.SerialNumber(),
            publicKey: .init(key.publicKey),
            notValidBefore: now.addingTimeInterval(-3600),
            notValidAfter: now.addingTimeInterval(serverLifetime),
            issuer: authority.certificate.subject,
            subject: try DistinguishedName {
                OrganizationName("Stashify")
                CommonName(hostName.isEmpty ? "localhost" : hostName)
            },
            signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.notCertificateAuthority)
                Critical(KeyUsage(digitalSignature: true))
                try ExtendedKeyUsage([.serverAuth])
                SubjectAlternativeNames(names)
                SubjectKeyIdentifier(hash: Certificate.PublicKey(key.publicKey))
                AuthorityKeyIdentifier(
                    keyIdentifier: try authority.certificate.extensions.subjectKeyIdentifier?.keyIdentifier
                )
            },
            issuerPrivateKey: .init(authority.key)
        )
    }

    /// The DNS names the server certificate covers: localhost, the host name and, for a bare host name, its `.local`.
    static func serverNames(hostName: String) -> [String] {
        var names = ["localhost"]
        if hostName != "localhost", !hostName.isEmpty { names.append(hostName) }
        if !hostName.contains("."), !hostName.isEmpty, hostName != "localhost" { names.append(hostName + ".local") }
        return names
    }

    /// Where the four PEM files live.
    struct Files {
        let directory: String
        var certificate: String { directory + "/server-cert.pem" }
        var key: String { directory + "/server-key.pem" }
        var authorityCertificate: String { directory + "/ca-cert.pem" }
        var authorityKey: String { directory + "/ca-key.pem" }

        func loadAuthority() throws -> (certificate: Certificate, key: P256.Signing.PrivateKey) {
            let certificate = try Certificate(pemEncoded: String(contentsOfFile: authorityCertificate, encoding: .utf8))
            let key = try P256.Signing.PrivateKey(
                pemRepresentation: String(contentsOfFile: authorityKey, encoding: .utf8)
            )
            return (certificate, key)
        }

        func loadServerCertificate() throws -> Certificate {
            let pem = try String(contentsOfFile: certificate, encoding: .utf8)
            let documents = try PEMDocument.parseMultiple(pemString: pem)
            guard let first = documents.first else { throw StartupError("\(certificate) holds no certificate") }
            return try Certificate(pemDocument: first)
        }

        /// Writes a PEM file; key files are created readable by the owner only (0600) before any byte is written.
        func write(pem: String, to path: String, secret: Bool) throws {
            try? FileManager.default.removeItem(atPath: path)
            let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL, secret ? 0o600 : 0o644)
            guard descriptor >= 0 else { throw StartupError("cannot write \(path)") }
            let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
            try handle.write(contentsOf: Data(pem.utf8))
            try handle.close()
        }
    }
}
