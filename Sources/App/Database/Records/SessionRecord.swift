import Foundation
import GRDB

/// One row of the `session` table.
struct SessionRecord: Codable, Sendable, FetchableRecord, PersistableRecord {
    var id: String
    var userId: Int64?
    var data: Data
    var expiresAt: Date?
    var createdAt: Date

    static let databaseTableName = "session"

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let userId = Column(CodingKeys.userId)
        static let expiresAt = Column(CodingKeys.expiresAt)
    }
}

extension SessionRecord {
    /// Read column by column, quicker than through `Decodable`: every request reads its session.
    init(row: Row) throws {
        id = try row.decode(forColumn: "id")
        userId = try row.decode(forColumn: "userId")
        data = try row.decode(forColumn: "data")
        expiresAt = try row.optionalDate("expiresAt")
        createdAt = try row.date("createdAt")
    }
}
