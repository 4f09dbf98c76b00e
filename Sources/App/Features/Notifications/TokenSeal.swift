import Crypto
import Foundation
import GRDB

/// Seals the secrets members give the server for their channels (the ntfy access token) before they go into the
/// database, with a key kept in the data folder beside it, never in the database and never in a backup or an
/// export: a copy of the database alone doesn't carry them readable.
struct TokenSeal: Sendable {
    let key: SymmetricKey

    /// How a sealed value starts in the database (a value without it is one kept before tokens were sealed).
    static let prefix = "sealed:"

    init(key: SymmetricKey = SymmetricKey(size: .bits256)) {
        self.key = key
    }

    static func isSealed(_ stored: String) -> Bool { stored.hasPrefix(prefix) }

    /// The value to keep for `token`; an empty token stays empty.
    func seal(_ token: String) throws -> String {
        guard !token.isEmpty else { return "" }
        let box = try ChaChaPoly.seal(Data(token.utf8), using: key)
        return Self.prefix + box.combined.base64EncodedString()
    }

    /// The token a kept value holds; nil when it was sealed with another key (a database restored without its
    /// data folder's key file).
    func open(_ stored: String) -> String? {
        guard Self.isSealed(stored) else { return stored }
        guard let combined = Data(base64Encoded: String(stored.dropFirst(Self.prefix.count))),
            let box = try? ChaChaPoly.SealedBox(combined: combined),
            let token = try? ChaChaPoly.open(box, using: key)
        else { return nil }
        return String(decoding: token, as: UTF8.self)
    }

    /// The data folder's key, made (readable by the server's user only) at first start.
    static func loadOrCreate(at path: String) throws -> TokenSeal {
        let files = FileManager.default
        if files.fileExists(atPath: path) {
            let text = try String(contentsOfFile: path, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
            guard let bytes = Data(base64Encoded: text), bytes.count == 32 else {
                throw CocoaError(.fileReadCorruptFile, userInfo: [NSFilePathErrorKey: path])
            }
            return TokenSeal(key: SymmetricKey(data: bytes))
        }
        let folder = (path as NSString).deletingLastPathComponent
        try files.createDirectory(
            atPath: folder,
            withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700]
        )
        let seal = TokenSeal()
        let text = seal.key.withUnsafeBytes { Data($0).base64EncodedString() } + "\n"
        let temporary = path + ".new"
        guard files.createFile(atPath: temporary, contents: Data(text.utf8), attributes: [.posixPermissions: 0o600])
        else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: temporary])
        }
        // Made whole under another name, then moved into place: a crash never leaves half a key.
        guard rename(temporary, path) == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
        }
        return seal
    }
}

extension AppDatabase {
    /// Seals the channel tokens kept before tokens were sealed (a migration can't: it never sees the key file);
    /// returns how many.
    @discardableResult
    func sealPlainTokens(with seal: TokenSeal) async throws -> Int {
        try await write { db in
            let plain = try Row.fetchAll(
                db,
                sql: """
                    SELECT userId, kind, token FROM pushChannel WHERE token <> '' AND token NOT LIKE 'sealed:%'
                    """
            )
            for row in plain {
                try db.execute(
                    sql: "UPDATE pushChannel SET token = ? WHERE userId = ? AND kind = ?",
                    arguments: [try seal.seal(row["token"]), row["userId"], row["kind"]]
                )
            }
            return plain.count
        }
    }
}
