import Foundation
import GRDB

/// The profile photo: PNG, JPEG or WebP, told by its first bytes (never by its name or the type the browser claims),
/// at most 2 MB, kept in the database and served only to its owner.
enum ProfilePhoto {
    static let maxBytes = 2 * 1024 * 1024

    /// The content type of an image of a kind the app takes, from its signature; nil for anything else.
    static func contentType(of bytes: [UInt8]) -> String? {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return "image/png" }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
        if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) {
            return "image/webp"
        }
        return nil
    }

    /// Where the user's photo is served; the version makes a new photo a new URL. Nil without a photo.
    static func url(of user: User) -> String? {
        user.photoVersion.map { "\(ProfilePaths.photo)?v=\($0)" }
    }
}

extension MemberStore {
    /// Replaces the member's photo; returns its new version.
    @discardableResult
    func setPhoto(_ bytes: [UInt8], contentType: String, now: Date) async throws -> Int64 {
        let userId = self.userId
        return try await write { db in
            try db.execute(
                sql: """
                    INSERT INTO profilePhoto (userId, contentType, bytes) VALUES (?, ?, ?)
                    ON CONFLICT (userId) DO UPDATE SET contentType = excluded.contentType, bytes = excluded.bytes
                    """,
                arguments: [userId, contentType, Data(bytes)]
            )
            let version = Int64(now.timeIntervalSince1970 * 1_000)
            try db.execute(sql: "UPDATE user SET photoVersion = ? WHERE id = ?", arguments: [version, userId])
            return version
        }
    }

    /// The member's photo and its content type, if they have one.
    func photo() throws -> (contentType: String, bytes: Data)? {
        let userId = self.userId
        return try read { db in
            try Row.fetchOne(
                db,
                sql: "SELECT contentType, bytes FROM profilePhoto WHERE userId = ?",
                arguments: [userId]
            )
            .map { ($0["contentType"], $0["bytes"]) }
        }
    }

    func removePhoto() async throws {
        let userId = self.userId
        try await write { db in
            try db.execute(sql: "DELETE FROM profilePhoto WHERE userId = ?", arguments: [userId])
            try db.execute(sql: "UPDATE user SET photoVersion = NULL WHERE id = ?", arguments: [userId])
        }
    }
}
