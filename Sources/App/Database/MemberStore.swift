import GRDB

/// The database as one member sees it: every query and write of the app's per-user data is a method of this store,
/// and each is bound to the store's user, so no call can name another user or forget to name one. Requests get theirs
/// from the context (`MemberContext.store`); tools and tests open one with `AppDatabase.for(userId:)`.
struct MemberStore: Sendable {
    /// The database the store reads and writes (an import writes under a user of its own before the member's).
    let database: AppDatabase
    /// The member whose rows this store reads and writes.
    let userId: Int64

    fileprivate init(database: AppDatabase, userId: Int64) {
        self.database = database
        self.userId = userId
    }

    /// The value kept in `cache` for the member and `key` while the app's write count is what it was when the value
    /// was built; else `build()`'s, kept. The count is taken before building: a write finishing meanwhile makes the
    /// new value stale at once.
    func cached<Key, Value>(_ cache: UserCache<Key, Value>, key: Key, build: () throws -> Value) rethrows -> Value {
        let (kept, writes) = kept(cache, key: key)
        if let kept { return kept }
        let value = try build()
        cache.store(.init(key: key, revision: writes, value: value), userId: userId)
        return value
    }

    /// What `cache` keeps for the member and `key` while the app has written nothing since, and the write count to
    /// keep a value built now under (for a caller that builds it inside a read of its own).
    func kept<Key, Value>(_ cache: UserCache<Key, Value>, key: Key) -> (value: Value?, revision: Int64) {
        let writes = Int64(truncatingIfNeeded: database.writeCount)
        return (cache.entry(userId: userId, key: key).flatMap { $0.revision == writes ? $0.value : nil }, writes)
    }

    /// Reads in one snapshot, on the calling thread (see `AppDatabase.read`).
    func read<T>(_ block: @Sendable (Database) throws -> T) throws -> T {
        try database.read(block)
    }

    /// Writes in one transaction (see `AppDatabase.write`).
    func write<T: Sendable>(_ block: @Sendable (Database) throws -> T) async throws -> T {
        try await database.write(block)
    }

    /// Reads in one snapshot, through the database scoped to the member: for the helpers that compose inside one
    /// read (Home's page, the reminders), which take a `MemberDatabase` rather than a loose user id.
    func read<T>(_ block: @Sendable (MemberDatabase) throws -> T) throws -> T {
        let userId = self.userId
        return try database.read { db in try block(MemberDatabase(db: db, userId: userId)) }
    }

    /// Writes in one transaction, through the database scoped to the member (see `read` above).
    func write<T: Sendable>(_ block: @Sendable (MemberDatabase) throws -> T) async throws -> T {
        let userId = self.userId
        return try await database.write { db in try block(MemberDatabase(db: db, userId: userId)) }
    }

    /// The name the member already gave another of their `Record`s that reads the same as `name` once case is set
    /// aside ("Groceries" and "groceries"), or nil. `nameSQL` is the SQL of a row's name, `kind` narrows the rows to
    /// one kind (a category's), and the row `except` (the one being edited) doesn't count.
    func sameName<Record: UserOwned & TableRecord>(
        _ type: Record.Type,
        as name: String,
        nameSQL: String = "name",
        kind: String? = nil,
        except: Int64?
    ) throws -> String? {
        let key = Self.nameKey(name)
        let userId = userId
        let table = Record.databaseTableName
        let names = try read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT id, \(nameSQL) AS name FROM \(table) WHERE userId = ?\(kind == nil ? "" : " AND kind = ?")
                    """,
                arguments: StatementArguments([userId.databaseValue] + (kind.map { [$0.databaseValue] } ?? []))
            )
            .map { (id: $0["id"] as Int64?, name: $0["name"] as String?) }
        }
        return names.first { $0.id != except && Self.nameKey($0.name ?? "") == key }?.name
    }

    /// A name as two names compare: case, width and the spaces around it set aside.
    static func nameKey(_ name: String) -> String {
        name.trimmingCharacters(in: .whitespacesAndNewlines).folding(
            options: [.caseInsensitive, .widthInsensitive],
            locale: nil
        )
    }

    /// The member's `Record` with this id, or nil if there is none or it is another user's.
    func record<Record: UserOwned & FetchableRecord & TableRecord & Sendable>(
        _ type: Record.Type,
        id: Int64
    ) throws -> Record? {
        try read { db in
            try Record.filter(Column("id") == id && Column("userId") == userId).fetchOne(db)
        }
    }

    /// `record` made this member's, inside the write that saves it: a new record (no id yet) is stamped with the
    /// member's id; a stored one must be the member's row in the database (not only say so), or the write stops
    /// before it touches anything.
    func own<Record: UserOwned & TableRecord>(_ record: Record, in db: Database) throws -> Record {
        var record = record
        guard let id = record.id else {
            record.userId = userId
            return record
        }
        guard record.userId == userId,
            try !Record.filter(Column("id") == id && Column("userId") == userId).isEmpty(db)
        else { throw NotTheMembersRecord() }
        return record
    }
}

/// The database inside one read or write, and the member it is for: the store's helpers that compose inside one
/// transaction take this, so none can be called without the member's scope, or with another id beside it. The store
/// hands it out (`read { member in … }`); work that goes through users outside a request (the reminder engine, an
/// import's staging user, demo data) makes one for the user it is working on.
struct MemberDatabase {
    let db: Database
    let userId: Int64
}

/// A write was handed a row of another user (a bug, never a user's mistake).
struct NotTheMembersRecord: Error {}

/// A record that belongs to one user.
protocol UserOwned {
    var id: Int64? { get }
    var userId: Int64 { get set }
}

extension AppDatabase {
    /// The store of the signed-in `member`.
    func `for`(_ member: Member) -> MemberStore {
        MemberStore(database: self, userId: member.id)
    }

    /// The store of the user with this id, for tools (demo data) and tests; requests use `for(_ member:)`.
    func `for`(userId: Int64) -> MemberStore {
        MemberStore(database: self, userId: userId)
    }
}

extension MoneyAccount: UserOwned {}
extension Category: UserOwned {}
extension CardBenefit: UserOwned {}
extension Coupon: UserOwned {}
extension IncomeSource: UserOwned {}
extension Stash: UserOwned {}
extension Subscription: UserOwned {}
extension LedgerEntry: UserOwned {}
extension WalletCard: UserOwned {}
extension Schedule: UserOwned {}
extension Occurrence: UserOwned {}

extension MemberStore {
    /// Whether any of `tables` (each with a `userId` column) holds a row of the user's: one index probe a table.
    static func hasRows(_ member: MemberDatabase, in tables: [String]) throws -> Bool {
        let (db, userId) = (member.db, member.userId)
        for table in tables
        where try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM \(table) WHERE userId = ?)", arguments: [userId])
            == true
        {
            return true
        }
        return false
    }
}
