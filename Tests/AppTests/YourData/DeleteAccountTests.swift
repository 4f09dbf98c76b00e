import Foundation
import GRDB
import Testing

@testable import App

@Suite("Deleting an account")
struct DeleteAccountTests {
    @Test(
        "needs the password and DELETE typed; then every row of the account and its sessions go, and another user's data is untouched"
    )
    func deleteAccount() async throws {
        let clock = TestClock()
        try await TestApp.run(clock: clock) { browser, database in
            // Given: two full accounts, the first signed in on two browsers
            try await browser.signUp(email: "leaving@example.com")
            let leaving = try await AccountRows.fill(database, email: "leaving@example.com", clock: clock)
            let staying = Browser(client: browser.client)
            try await staying.signUp(email: "staying@example.com")
            let stayingId = try await AccountRows.fill(
                database,
                email: "staying@example.com",
                entries: 800,
                clock: clock
            )
            let otherBrowser = Browser(client: browser.client)
            try await otherBrowser.logIn(email: "leaving@example.com")
            let stayingBefore = try await AccountRows.counts(database, userId: stayingId)
            let leavingBefore = try await AccountRows.counts(database, userId: leaving)
            #expect(leavingBefore["session"] == 2)
            #expect((leavingBefore["ledger"] ?? 0) > 0)

            // When: the password is wrong, or the word isn't typed
            let form = try await browser.get("/profile/delete")
            let wrongPassword = try await browser.post(
                "/profile/delete",
                [("password", "not my password"), ("confirmation", "DELETE")]
            )
            let noWord = try await browser.post(
                "/profile/delete",
                [("password", "correct horse battery"), ("confirmation", "delete")]
            )

            // Then: nothing goes
            #expect(form.html.contains("Delete my account"))
            #expect(form.html.contains("1,"), "the page says how many entries go")
            #expect(wrongPassword.status == .unprocessableContent)
            #expect(wrongPassword.fieldError("password") == "That isn&#39;t your current password.")
            #expect(noWord.status == .unprocessableContent)
            #expect(noWord.fieldError("confirmation") == "Type DELETE in capitals to confirm.")
            #expect(noWord.fieldValue("confirmation") == "delete", "the form keeps what was typed")
            #expect(try await AccountRows.counts(database, userId: leaving) == leavingBefore)

            // When
            let deleted = try await browser.post(
                "/profile/delete",
                [("password", "correct horse battery"), ("confirmation", "DELETE")]
            )

            // Then
            #expect(deleted.status == .seeOther)
            #expect(deleted.location == "/login")
            let login = try await browser.get("/login")
            #expect(login.html.contains("Your account and all of its data are deleted."))
            let after = try await AccountRows.counts(database, userId: leaving)
            #expect(after.values.allSatisfy { $0 == 0 }, "\(after.filter { $0.value != 0 })")
            #expect(try await AccountRows.orphans(database) == 0)
            #expect(try await AccountRows.counts(database, userId: stayingId) == stayingBefore)
            #expect(
                try await otherBrowser.get("/profile").location?.hasPrefix("/login") == true,
                "the other browser is logged out"
            )
            #expect(try await browser.logIn(email: "leaving@example.com").status == .unprocessableContent)
            #expect(try await staying.get("/").status == .ok)
        }
    }
}
