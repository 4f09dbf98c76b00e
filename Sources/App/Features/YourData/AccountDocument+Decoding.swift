import Foundation

extension AccountDocument {
    /// The largest single value an export may hold (one ledger entry, one card with its benefits and their uses, the
    /// profile): real ones are a few kilobytes at most. Each is decoded on its own, so this bounds what decoding one
    /// costs.
    static let maxItemSize = 2 * 1_048_576
    /// About how many bytes of a list are decoded at once: large enough that `JSONDecoder`'s cost per call doesn't
    /// count, small enough that what it holds while decoding doesn't.
    static let decodingChunkSize = 256 * 1024

    /// The ZIP's JSON read into a document: a file of another kind, of a newer version, or broken is refused with a
    /// sentence that says which. The lists are decoded a few hundred items at a time (see `JSONMemberScanner`), so
    /// reading holds the text and what it decodes to, not `JSONDecoder`'s much larger picture of the whole text.
    static func decode(_ json: Data) throws -> AccountDocument {
        try json.withUnsafeBytes { raw in
            var reader = DocumentReader(scanner: JSONMemberScanner(bytes: raw.bindMemory(to: UInt8.self)))
            return try reader.document()
        }
    }
}

/// Reads one document out of the text `scanner` looks through.
private struct DocumentReader {
    let scanner: JSONMemberScanner
    private var members: [String: Range<Int>] = [:]

    init(scanner: JSONMemberScanner) {
        self.scanner = scanner
    }

    private static let damagedJSON = ImportProblem(.damagedJSON)

    mutating func document() throws -> AccountDocument {
        do {
            for member in try scanner.members() where members[member.key] == nil {
                members[member.key] = member.value
            }
        } catch is JSONMemberScanner.Invalid {
            throw Self.damagedJSON
        }
        let format = try? optional("format", String.self)
        let version = try? optional("version", Int.self)
        guard format == AccountDocument.formatName, let version else {
            throw ImportProblem(.notExport)
        }
        guard version <= AccountDocument.currentVersion else {
            throw ImportProblem(.newerVersion(version))
        }
        guard version >= 1 else {
            throw ImportProblem(.unknownVersion(version))
        }
        return AccountDocument(
            format: AccountDocument.formatName,
            version: version,
            exportedAt: try value("exportedAt", Date.self),
            profile: try value("profile", AccountDocument.Profile.self),
            categories: try list("categories"),
            accounts: try list("accounts"),
            incomeSources: try list("incomeSources"),
            stashes: try list("stashes"),
            ledger: try list("ledger"),
            badges: try list("badges"),
            cards: try list("cards"),
            subscriptions: try list("subscriptions"),
            coupons: try list("coupons"),
            walletSettings: try optional("walletSettings", AccountDocument.WalletSettings.self),
            pushChannels: try list("pushChannels"),
            schedules: members["schedules"] == nil ? [] : try list("schedules"),
            notRecurring: members["notRecurring"] == nil ? [] : try list("notRecurring")
        )
    }

    /// The member `key`, which must be there.
    private func value<T: Decodable>(_ key: String, _ type: T.Type) throws -> T {
        guard let value = try optional(key, type) else {
            throw ImportProblem(.missing(key))
        }
        return value
    }

    /// The member `key`, or nil when it is absent or null.
    private func optional<T: Decodable>(_ key: String, _ type: T.Type) throws -> T? {
        guard let range = members[key] else { return nil }
        guard range.count <= AccountDocument.maxItemSize else { throw Self.tooLarge(key) }
        return try decoding([key]) {
            try AccountDocument.decoder.decode(T?.self, from: Data(UnsafeBufferPointer(rebasing: scanner.bytes[range])))
        }
    }

    /// The list `key`, decoded a chunk of consecutive items at a time.
    private func list<T: Decodable>(_ key: String) throws -> [T] {
        guard let range = members[key] else { throw ImportProblem(.missing(key)) }
        guard scanner.isArray(range) else { throw ImportProblem(.wrongType(key)) }
        var items: [T] = []
        var chunk: Range<Int>?
        var count = 0
        func decodeChunk() throws {
            guard let range = chunk else { return }
            var text = Data(capacity: range.count + 2)
            text.append(UInt8(ascii: "["))
            text.append(UnsafeBufferPointer(rebasing: scanner.bytes[range]))
            text.append(UInt8(ascii: "]"))
            let first = items.count
            items += try decoding([key], firstItem: first) { try AccountDocument.decoder.decode([T].self, from: text) }
            chunk = nil
        }
        do {
            try scanner.forEachElement(of: range) { element in
                count += 1
                guard element.count <= AccountDocument.maxItemSize else { throw Self.tooLarge("\(key) item \(count)") }
                let joined = (chunk?.lowerBound ?? element.lowerBound)..<element.upperBound
                chunk = joined
                if joined.count >= AccountDocument.decodingChunkSize { try decodeChunk() }
            }
            try decodeChunk()
        } catch is JSONMemberScanner.Invalid {
            throw Self.damagedJSON
        }
        return items
    }

    private static func tooLarge(_ place: String) -> ImportProblem {
        ImportProblem(.itemTooLarge(place, megabytes: AccountDocument.maxItemSize / 1_048_576))
    }

    /// `body`'s decoding problem told as a sentence, with its place in the document: `prefix`, then the item's
    /// number (counted from `firstItem` when `body` decodes part of a list) and the path inside it.
    private func decoding<T>(_ prefix: [String], firstItem: Int? = nil, _ body: () throws -> T) throws -> T {
        func place(_ context: DecodingError.Context, key: CodingKey? = nil) -> String? {
            let path = context.codingPath + (key.map { [$0] } ?? [])
            guard !path.isEmpty || firstItem == nil else { return nil }
            let inner = path.enumerated().map { index, key in
                if index == 0, let firstItem, let item = key.intValue { return "item \(firstItem + item + 1)" }
                return key.intValue.map { "item \($0 + 1)" } ?? key.stringValue
            }
            return (prefix + inner).joined(separator: " ")
        }
        do {
            return try body()
        } catch let DecodingError.dataCorrupted(context) {
            guard let place = place(context) else { throw Self.damagedJSON }
            throw ImportProblem(.damaged(place))
        } catch let DecodingError.keyNotFound(key, context) {
            throw ImportProblem(.missing(place(context, key: key) ?? prefix.joined(separator: " ")))
        } catch let DecodingError.typeMismatch(_, context) {
            throw ImportProblem(.wrongType(place(context) ?? prefix.joined(separator: " ")))
        } catch let DecodingError.valueNotFound(_, context) {
            throw ImportProblem(.empty(place(context) ?? prefix.joined(separator: " ")))
        } catch {
            throw ImportProblem(.unreadable)
        }
    }
}
