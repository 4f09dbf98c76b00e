import Foundation
import GRDB
import Testing

@testable import App

/// Every per-user query and write goes through a member's store, bound to that member: what it creates is theirs,
/// and a row of another user handed to it is refused before the database is touched.
@Suite("Member store")
struct MemberStoreTests {
    @Test("a store stamps new rows with its member and refuses another member's rows")
    func storeIsBoundToItsMember() async throws {
        try await TestApp.run { first, database in
            // Given: Alex with a stash, and Sam
            try await first.signUp(email: "alex@example.com")
            let stashId = try await first.createStash(name: "Trip", target: "100")
            let second = Browser(client: first.client)
            try await second.signUp(name: "Sam", email: "sam@example.com")
            let alex = try await LedgerFixture.userId(database, email: "alex@example.com")
            let sam = try await LedgerFixture.userId(database, email: "sam@example.com")
            let samsStore = database.for(userId: sam)
            let alexsStash = try #require(try database.for(userId: alex).stash(id: stashId))

            // Sam's store can't read Alex's stash by id
            #expect(try samsStore.stash(id: stashId) == nil)

            // When: Sam's store is handed Alex's stash to save, rename and fill
            var renamed = alexsStash
            renamed.name = "Sam's now"
            let month = Month(year: 2026, month: 11)
            await #expect(throws: NotTheMembersRecord.self) {
                _ = try await samsStore.updateStash(
                    renamed,
                    targetCents: 1,
                    month: month,
                    today: CalendarDay("2026-11-20")!,
                    now: Date()
                )
            }
            let entry = LedgerEntry(
                id: nil,
                userId: sam,
                date: "2026-11-20",
                amountCents: 500,
                kind: .saving,
                note: "",
                stashId: stashId,
                categoryId: nil,
                accountId: nil,
                createdAt: Date(),
                updatedAt: Date()
            )
            await #expect(throws: NotTheMembersRecord.self) {
                _ = try await samsStore.addEntry(entry, to: alexsStash, today: CalendarDay("2026-11-20")!, now: Date())
            }
            await #expect(throws: NotTheMembersRecord.self) {
                var alexsAccount = try #require(try database.read { db in try User.fetchOne(db, key: alex) })
                alexsAccount.name = "Taken"
                try await samsStore.update(alexsAccount, columns: ["name"])
            }

            // And: a forged row (Alex's id, claiming to be Sam's) is refused too, by the database's word
            var forged = alexsStash
            forged.userId = sam
            forged.name = "Forged"
            await #expect(throws: NotTheMembersRecord.self) {
                _ = try await samsStore.updateStash(
                    forged,
                    targetCents: 1,
                    month: month,
                    today: CalendarDay("2026-11-20")!,
                    now: Date()
                )
            }

            // Then: nothing of Alex's changed
            #expect(try database.for(userId: alex).stash(id: stashId)?.name == "Trip")
            #expect(
                try database.read { db in
                    try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM ledger WHERE stashId = ?", arguments: [stashId])
                } == 0
            )
            #expect(try database.user(id: alex)?.name == "Alex Doe")

            // And: a new row is the store's member's, whatever id it was built with
            let own = Stash(
                id: nil,
                userId: alex,
                name: "Sam's trip",
                kind: .save,
                goalCents: nil,
                reward: "",
                categoryId: nil,
                reminder: .off,
                createdAt: Date(),
                updatedAt: Date()
            )
            let created = try await samsStore.createStash(own, targetCents: 100, month: month, now: Date())
            #expect(created.userId == sam)
            #expect(try database.for(userId: alex).stash(id: created.id ?? 0) == nil)
        }
    }
}
