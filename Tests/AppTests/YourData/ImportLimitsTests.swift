import Foundation
import GRDB
import Testing

@testable import App

@Suite("Limits on account imports")
struct ImportLimitsTests {
    /// A JSON document of `size` bytes that packs very small: a ledger of zeros.
    static func zeros(_ size: Int) -> Data {
        var text = Data(#"{"format": "stashify-export", "version": 2, "ledger": ["#.utf8)
        text.append(Data(repeating: UInt8(ascii: "0"), count: 1))
        text.append(Data(String(repeating: ",0", count: max(0, (size - text.count - 2) / 2)).utf8))
        text.append(Data("]}".utf8))
        return text
    }

    /// Letters that pack little (about 1.5 to 1), so only a size limit can stop them.
    static func letters(_ count: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        return String((0..<count).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
    }

    /// `zip` with the unpacked size of every entry stated as `size`, in the local and central headers.
    static func statingSize(_ size: UInt32, in zip: [UInt8]) -> [UInt8] {
        var bytes = zip
        let value = withUnsafeBytes(of: size.littleEndian, Array.init)
        func signature(at index: Int, _ expected: [UInt8]) -> Bool { Array(bytes[index..<index + 4]) == expected }
        var index = 0
        while index + 46 <= bytes.count {
            if signature(at: index, [0x50, 0x4B, 0x03, 0x04]) {
                bytes.replaceSubrange(index + 22..<index + 26, with: value)
            } else if signature(at: index, [0x50, 0x4B, 0x01, 0x02]) {
                bytes.replaceSubrange(index + 24..<index + 28, with: value)
            }
            index += 1
        }
        return bytes
    }

    /// Uploads `zip` as a new member's import; returns the page and whether the member's rows stayed as they were.
    static func importing(
        _ zip: [UInt8],
        maxSize: Int? = nil
    ) async throws -> (status: Int, error: String?, unchanged: Bool) {
        let configure: (inout AppConfig) -> Void = { config in if let maxSize { config.importMaxSize = maxSize } }
        return try await TestApp.run(configure: configure) { browser, database in
            try await browser.signUp(email: "alex@example.com")
            let userId = try #require(try database.user(email: "alex@example.com")?.id)
            let before = try await AccountRows.counts(database, userId: userId)
            try await browser.get("/profile/data")
            let page = try await browser.upload("/profile/data/import", files: [("archive", "export.zip", zip)])
            let users = try database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM user") }
            return (
                Int(page.status.code), page.fieldError("archive")?.replacingOccurrences(of: "&#39;", with: "'"),
                try await AccountRows.counts(database, userId: userId) == before && users == 1
            )
        }
    }

    static let tooLarge =
        "This export is larger than this server imports: stashify.json in it unpacks to more than 1 MB."
    static let tooPacked =
        "This ZIP unpacks to far more than a Stashify export does for its size, so it isn't one and can't be imported."

    @Test("a document larger than --import-max-size is refused from the size the ZIP states, before it is unpacked")
    func statedSizeOverLimit() async throws {
        let zip = try AccountRows.zip(["stashify.json": Data(Self.letters(1_100_000).utf8)])

        let result = try await Self.importing(zip, maxSize: 1_048_576)

        #expect(result.status == 422)
        #expect(result.error == Self.tooLarge)
        #expect(result.unchanged)
    }

    @Test("a ZIP that states a small size but unpacks past --import-max-size is stopped at the limit")
    func lyingSizeOverLimit() async throws {
        let document = try ExportImportTests.documentJSON { $0["profile"] = ["name": Self.letters(1_200_000)] }
        let zip = Self.statingSize(1_000, in: try AccountRows.zip(["stashify.json": document]))

        let result = try await Self.importing(zip, maxSize: 1_048_576)

        #expect(result.status == 422)
        #expect(result.error == Self.tooLarge)
        #expect(result.unchanged)
    }

    @Test(
        "a ZIP that unpacks to hundreds of times its size is refused, from the size it states or while unpacking",
        arguments: [false, true]
    )
    func packedTooTightly(lying: Bool) async throws {
        let zip = try AccountRows.zip(["stashify.json": Self.zeros(4_000_000)])
        #expect(zip.count < 10_000, "the hostile file is small")

        let result = try await Self.importing(lying ? Self.statingSize(1_000, in: zip) : zip)

        #expect(result.status == 422)
        #expect(result.error == Self.tooPacked)
        #expect(result.unchanged)
    }

    @Test("one item larger than any real export holds is refused before it is decoded")
    func itemTooLarge() async throws {
        let note = Self.letters(2_200_000)
        let document = try ExportImportTests.documentJSON {
            $0["ledger"] = [
                [
                    "date": "2026-11-02", "amountCents": 5, "kind": "saving", "note": note,
                    "createdAt": "2026-11-02T10:00:00Z", "updatedAt": "2026-11-02T10:00:00Z",
                ]
            ]
        }

        let result = try await Self.importing(try AccountRows.zip(["stashify.json": document]))

        #expect(result.status == 422)
        #expect(
            result.error
                == "The export can't be imported: ledger item 1 is larger than 2 MB, far more than any real export holds."
        )
        #expect(result.unchanged)
    }

    @Test("a second import while one runs is told to wait, and writes nothing")
    func oneAtATime() async throws {
        let zip = try AccountRows.zip(["stashify.json": try ExportImportTests.documentJSON()])
        try await TestApp.run { browser, database in
            try await browser.signUp(email: "alex@example.com")
            let userId = try #require(try database.user(email: "alex@example.com")?.id)
            let before = try await AccountRows.counts(database, userId: userId)
            try await browser.get("/profile/data")
            // Given: another import holds the server's gate
            #expect(database.importGate.take())

            // When
            let refused = try await browser.upload("/profile/data/import", files: [("archive", "export.zip", zip)])

            // Then
            #expect(refused.status == .serviceUnavailable)
            #expect(refused.fieldError("archive") == "Another import is running. Try again in a minute.")
            #expect(try await AccountRows.counts(database, userId: userId) == before)

            // When: that import ends
            database.importGate.release()
            try await browser.get("/profile/data")
            let done = try await browser.upload("/profile/data/import", files: [("archive", "export.zip", zip)])

            // Then
            #expect(done.status == .seeOther)
            let imported = try #require(try database.user(email: "alex@example.com")?.id)
            #expect(try await AccountRows.counts(database, userId: imported)["ledger"] == 1)
            #expect(database.importGate.take(), "the gate is free again after an import")
        }
    }

    @Test(
        "a large export read piece by piece is the document a whole-text decoder reads, and a problem deep in a list names its item"
    )
    func decodedInPieces() async throws {
        let clock = TestClock()
        let json = try await TestApp.run(clock: clock) { browser, database in
            try await browser.signUp(email: "first@example.com")
            _ = try await AccountRows.fill(database, email: "first@example.com", entries: 3_000, clock: clock)
            let download = try await browser.get("/profile/data/export")
            return try #require(try AccountRows.unzip(download.bytes)["stashify.json"])
        }
        #expect(json.count > 2 * AccountDocument.decodingChunkSize, "the ledger is decoded in several chunks")

        let document = try AccountDocument.decode(json)

        #expect(document == (try AccountDocument.decoder.decode(AccountDocument.self, from: json)))
        #expect(document.ledger.count > 2_500)

        // A pretty-printed copy (spaces and line breaks between every piece) reads the same.
        let pretty = try JSONSerialization.data(
            withJSONObject: try JSONSerialization.jsonObject(with: json),
            options: [.prettyPrinted]
        )
        #expect(try AccountDocument.decode(pretty) == document)

        // A problem in the 2,500th entry is told with that number.
        var object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        var ledger = try #require(object["ledger"] as? [[String: Any]])
        ledger[2_499]["amountCents"] = nil
        object["ledger"] = ledger
        #expect(throws: ImportProblem(.missing("ledger item 2500 amountCents"))) {
            try AccountDocument.decode(try JSONSerialization.data(withJSONObject: object))
        }
    }
}
