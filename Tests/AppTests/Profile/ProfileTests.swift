import Foundation
import GRDB
import Testing

@testable import App

@Suite("Profile")
struct ProfileTests {
    static let fullForm: [(String, String)] = [
        ("name", "Alex Q. Doe"), ("email", "alex.doe@example.com"), ("location", "Berlin"), ("age", "41"),
        ("salary", "1,234,567.89"), ("householdSize", "2"), ("currency", "EUR"), ("timeZone", "Europe/Berlin"),
        ("theme", "dark"),
    ]

    @Test("shows everything from sign-up")
    func showsProfile() async throws {
        try await TestApp.run { browser, _ in
            // Given
            try await browser.signUp(name: "Alex Doe", email: "alex@example.com")
            try await browser.get("/signup/details")
            try await browser.post(
                "/signup/details",
                [
                    ("location", "Lisbon"), ("age", "34"), ("salary", "52000"), ("householdSize", "3"),
                    ("currency", "JPY"), ("timeZone", "Asia/Tokyo"),
                ]
            )

            // When
            let page = try await browser.get("/profile")

            // Then
            #expect(page.status == .ok)
            #expect(page.fieldValue("name") == "Alex Doe")
            #expect(page.html.contains(">Log out of this browser</button>"), "not to be taken for another row's")
            #expect(page.fieldValue("email") == "alex@example.com")
            #expect(page.fieldValue("location") == "Lisbon")
            #expect(page.fieldValue("age") == "34")
            #expect(page.fieldValue("salary") == "52000", "yen have no decimals")
            #expect(page.fieldValue("householdSize") == "3")
            #expect(page.fieldValue("currency") == "JPY")
            #expect(page.fieldValue("timeZone") == "Asia/Tokyo")
            #expect(page.fieldValue("theme") == "system")
            #expect(page.html.contains(">AD<"), "the avatar shows the initials")
            #expect(page.html.contains("Member since November 2026"))
        }
    }

    @Test("the avatar's initials leave out markup and punctuation typed into the name")
    func initialsWithoutMarkup() async throws {
        try await TestApp.run { browser, _ in
            // Given
            try await browser.signUp(name: "<b>Ann</b> &Doe", email: "ann@example.com")

            // When
            let page = try await browser.get("/profile")

            // Then: "AD", not "<&"
            #expect(page.document.contains("span", attributes: ["aria-hidden": "true"], text: "AD"))
            #expect(
                !page.document.all("span").contains {
                    $0.attributes == ["aria-hidden": "true"] && $0.rawText.hasPrefix("<")
                }
            )
        }
        #expect(Initials.of("Alex Doe") == "AD")
        #expect(Initials.of("élodie") == "É")
        #expect(Initials.of("  ") == nil)
        #expect(Initials.of("<> & --") == nil)
        #expect(Initials.of("3M Company") == "3C")
    }

    @Test("a stored time zone the list doesn't name is shown as itself, and saving the profile keeps it")
    func unlistedTimeZoneKept() async throws {
        try await TestApp.run { browser, database in
            // Given: an account whose zone is Etc/UTC (set by an older version, an import or the owner)
            try await browser.signUp(email: "alex@example.com")
            try await database.write { db in try db.execute(sql: "UPDATE user SET timeZone = 'Etc/UTC'") }
            #expect(!ProfileRules.timeZoneIdentifiers.contains("Etc/UTC"), "the case this guards")

            // When
            let page = try await browser.get("/profile")

            // Then: the select shows it, and a save that changes something else writes it back as it was
            #expect(page.fieldValue("timeZone") == "Etc/UTC")
            #expect(page.html.components(separatedBy: "<option value=\"Etc/UTC\"").count == 2)
            var form = Self.fullForm.filter { $0.0 != "timeZone" && $0.0 != "email" }
            form += [("timeZone", "Etc/UTC"), ("email", "alex@example.com")]
            let saved = try await browser.post("/profile", form)
            #expect(saved.status == .seeOther)
            #expect(try database.user(email: "alex@example.com")?.timeZone == "Etc/UTC")

            // And a made-up zone is still refused, next to the field, keeping what was typed
            form = form.filter { $0.0 != "timeZone" } + [("timeZone", "Mars/Olympus_Mons")]
            let refused = try await browser.post("/profile", form)
            #expect(refused.status == .unprocessableContent)
            #expect(refused.html.contains("Choose a time zone from the list."))
            #expect(try database.user(email: "alex@example.com")?.timeZone == "Etc/UTC")
        }
    }

    @Test("edits save every field and the chosen theme applies to every page")
    func editProfile() async throws {
        try await TestApp.run { browser, database in
            // Given
            try await browser.signUp(email: "alex@example.com")
            try await browser.get("/profile")

            // When
            let page = try await browser.post("/profile", Self.fullForm)

            // Then
            #expect(page.status == .seeOther)
            #expect(page.location == "/profile")
            let user = try #require(try database.user(email: "alex.doe@example.com"))
            #expect(user.name == "Alex Q. Doe")
            #expect(user.location == "Berlin")
            #expect(user.age == 41)
            #expect(user.salaryCents == 123_456_789)
            #expect(user.householdSize == 2)
            #expect(user.currency == "EUR")
            #expect(user.timeZone == "Europe/Berlin")
            #expect(user.theme == .dark)
            let profile = try await browser.get("/profile")
            #expect(profile.html.contains("Profile saved."))
            #expect(profile.document.contains("html", attributes: ["lang": "en", "dir": "ltr", "data-theme": "dark"]))
            #expect(profile.document.contains("meta", attributes: ["name": "color-scheme", "content": "dark"]))
            #expect(profile.fieldValue("salary") == "1234567.89")
            let home = try await browser.get("/")
            #expect(home.html.contains("data-theme=\"dark\""))
            #expect(home.html.contains(">AQ<"))
        }
    }

    @Test(
        "switching the currency of an account with amounts says nothing is converted, and needs a tick; other decimals are refused"
    )
    func currencySwitch() async throws {
        try await TestApp.run { browser, database in
            // Given: an account with an entry in US dollars
            try await browser.signUp(email: "alex@example.com")
            let stash = try await browser.createStash(name: "Trip", target: "100")
            try await browser.addEntry(stash: stash, amount: "12.50", date: "2026-11-20")
            let form = Self.fullForm.filter { $0.0 != "email" } + [("email", "alex@example.com")]
            try await browser.get("/profile")

            // When: EUR without the tick
            let asked = try await browser.post("/profile", form)

            // Then: the form says what would happen, offers the box, and nothing changes
            #expect(asked.status == .unprocessableContent)
            #expect(
                asked.fieldError("relabelCurrency")
                    == "Stashify doesn&#39;t convert amounts: $1,234.50 would read €1,234.50. Tick the box to switch anyway."
            )
            #expect(asked.html.contains("name=\"relabelCurrency\" type=\"checkbox\" value=\"yes\""))
            #expect(asked.html.contains("Relabel my amounts as EUR without converting them"))
            #expect(asked.fieldValue("location") == "Berlin")
            #expect(try database.user(email: "alex@example.com")?.currency == "USD")

            // When: JPY, which has no cents, even ticked
            let yen = try await browser.post(
                "/profile",
                form.map { $0.0 == "currency" ? ("currency", "JPY") : $0 } + [("relabelCurrency", "yes")]
            )
            #expect(yen.status == .unprocessableContent)
            #expect(yen.fieldError("currency")?.contains("USD has 2 decimal places where JPY has 0") == true)
            #expect(try database.user(email: "alex@example.com")?.currency == "USD")

            // When: EUR, ticked
            let switched = try await browser.post("/profile", form + [("relabelCurrency", "yes")])
            #expect(switched.status == .seeOther)
            #expect(try database.user(email: "alex@example.com")?.currency == "EUR")
            #expect(try await browser.get("/stashes/\(stash)").html.contains("€12.50"))
        }
    }

    @Test("an account without amounts switches currency at once")
    func currencySwitchWhenEmpty() async throws {
        try await TestApp.run { browser, database in
            try await browser.signUp(email: "alex@example.com")
            try await browser.get("/profile")
            let form =
                Self.fullForm.filter { !["email", "currency", "salary"].contains($0.0) } + [
                    ("email", "alex@example.com"), ("currency", "JPY"),
                ]
            #expect(try await browser.post("/profile", form).status == .seeOther)
            #expect(try database.user(email: "alex@example.com")?.currency == "JPY")
        }
    }

    @Test("the system theme sets no override")
    func systemTheme() async throws {
        try await TestApp.run { browser, _ in
            try await browser.signUp(email: "alex@example.com")
            let home = try await browser.get("/")
            #expect(home.document.contains("html", attributes: ["lang": "en", "dir": "ltr"]))
            #expect(home.html.contains("content=\"light dark\""))
        }
    }

    @Test("bad input gets errors under the fields, keeps what was typed and changes nothing")
    func validationKeepsTypedValues() async throws {
        try await TestApp.run { browser, database in
            // Given
            try await browser.signUp(name: "Alex Doe", email: "alex@example.com")
            try await browser.get("/profile")

            // When
            let page = try await browser.post(
                "/profile",
                [
                    ("name", ""), ("email", "alex@"), ("location", "Rome"), ("age", "7"), ("salary", "12,34"),
                    ("householdSize", "two"), ("currency", "USD"), ("timeZone", "Europe/Rome"), ("theme", "neon"),
                ]
            )

            // Then
            #expect(page.status == .unprocessableContent)
            #expect(page.fieldError("name") == "Enter your name.")
            #expect(page.fieldError("email") == "Enter an email address like name@example.com.")
            #expect(page.fieldError("age") == "Enter your age as a whole number from 13 to 120.")
            #expect(page.fieldError("salary") == "Write amounts like 12.50 or 1,234.56 here: “.” marks the decimals.")
            #expect(page.fieldError("householdSize") != nil)
            #expect(page.fieldError("theme") == "Choose light, dark or system.")
            #expect(page.fieldValue("email") == "alex@")
            #expect(page.fieldValue("location") == "Rome")
            #expect(page.fieldValue("age") == "7")
            #expect(page.fieldValue("salary") == "12,34")
            #expect(page.fieldValue("timeZone") == "Europe/Rome")
            #expect(page.html.contains("aria-invalid=\"true\""))
            let user = try #require(try database.user(email: "alex@example.com"))
            #expect(user.name == "Alex Doe")
            #expect(user.location == nil)
        }
    }

    @Test("a password change needs the current password and logs out other browsers")
    func changePassword() async throws {
        try await TestApp.run { browser, database in
            // Given: the same account signed in on two browsers
            try await browser.signUp(email: "alex@example.com", password: "first password")
            let thisSession = try #require(await browser.cookies["stashify_session"])
            let phone = Browser(client: browser.client)
            try await phone.logIn(email: "alex@example.com", password: "first password")
            let before = try await browser.get("/profile")
            #expect(
                before.html.contains("You&#39;re logged in on 2 browsers")
                    || before.html.contains("You're logged in on 2 browsers")
            )

            // When: wrong current password, then mismatched repeat
            let wrong = try await browser.post(
                "/profile/password",
                [
                    ("currentPassword", "nope nope"), ("newPassword", "second password"),
                    ("confirmPassword", "second password"),
                ]
            )
            let mismatch = try await browser.post(
                "/profile/password",
                [
                    ("currentPassword", "first password"), ("newPassword", "second password"),
                    ("confirmPassword", "second passw0rd"),
                ]
            )

            // Then
            #expect(wrong.status == .unprocessableContent)
            #expect(
                wrong.fieldError("currentPassword") == "That isn&#39;t your current password."
                    || wrong.fieldError("currentPassword") == "That isn't your current password."
            )
            #expect(mismatch.status == .unprocessableContent)
            #expect(
                mismatch.fieldError("confirmPassword") == "The two new passwords don&#39;t match."
                    || mismatch.fieldError("confirmPassword") == "The two new passwords don't match."
            )

            // When
            let changed = try await browser.post(
                "/profile/password",
                [
                    ("currentPassword", "first password"), ("newPassword", "second password"),
                    ("confirmPassword", "second password"),
                ]
            )

            // Then
            #expect(changed.status == .seeOther)
            let ids = try database.read { db in try String.fetchAll(db, sql: "SELECT id FROM session") }
            #expect(ids == [SessionRecord.id(forKey: thisSession)])
            #expect(try await phone.get("/profile").status == .seeOther, "the other browser is logged out")
            #expect(
                try await browser.get("/profile").html.contains("Password changed. Your other browser was logged out.")
            )
            try await browser.logOut()
            #expect(
                try await browser.logIn(email: "alex@example.com", password: "first password").status
                    == .unprocessableContent
            )
            #expect(try await browser.logIn(email: "alex@example.com", password: "second password").status == .seeOther)
        }
    }

    @Test("log out all other browsers keeps this one")
    func endOtherSessions() async throws {
        try await TestApp.run { browser, database in
            try await browser.signUp(email: "alex@example.com")
            let session = try #require(await browser.cookies["stashify_session"])
            let laptop = Browser(client: browser.client)
            try await laptop.logIn(email: "alex@example.com")
            let phone = Browser(client: browser.client)
            try await phone.logIn(email: "alex@example.com")
            #expect(SignedInBrowsersTests.rows(try await browser.get("/profile")).count == 3)
            let page = try await browser.post("/profile/sessions", [("sessionsPassword", "correct horse battery")])
            #expect(page.status == .seeOther)
            let ids = try database.read { db in try String.fetchAll(db, sql: "SELECT id FROM session") }
            #expect(ids == [SessionRecord.id(forKey: session)])
            #expect(try await laptop.get("/profile").status == .seeOther)
            let profile = try await browser.get("/profile")
            #expect(profile.html.contains("2 other browsers were logged out."))
            let rows = SignedInBrowsersTests.rows(profile)
            #expect(rows.count == 1)
            #expect(rows.first?.contains("This browser") == true)
            #expect(!profile.html.contains("Log out all other browsers"))
        }
    }
}
