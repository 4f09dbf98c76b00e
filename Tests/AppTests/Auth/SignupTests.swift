import Foundation
import GRDB
import Testing

@testable import App

@Suite("Sign up")
struct SignupTests {
    @Test("step 1 creates the account, signs in and opens step 2")
    func stepOneCreatesAccount() async throws {
        try await TestApp.run { browser, database in
            // When
            let page = try await browser.signUp(name: "  Alex Doe ", email: "Alex@Example.COM ")

            // Then
            #expect(page.status == .seeOther)
            #expect(page.location == "/signup/details")
            let cookie = try #require(page.setCookie("stashify_session"))
            #expect(cookie.contains("HttpOnly"))
            #expect(cookie.contains("SameSite=Lax"))
            let user = try #require(try database.user(email: "alex@example.com"))
            #expect(user.name == "Alex Doe")
            #expect(user.email == "alex@example.com")
            #expect(user.currency == "USD")
            #expect(user.timeZone == ProfileRules.signupTimeZone(browser: nil))
            #expect(user.passwordHash.hasPrefix("$2"))
            #expect(!user.passwordHash.contains("correct horse"))

            let details = try await browser.get("/signup/details")
            #expect(details.status == .ok)
            #expect(details.html.contains("Step 2 of 2"))
            #expect(!details.html.contains("nav__list"), "the second step stands alone, without the tab bar")
            #expect(details.html.contains("Hi Alex!"))
        }
    }

    @Test("a new account starts in the browser's time zone when the page says which, else in the server's")
    func browserTimeZone() async throws {
        try await TestApp.run { browser, database in
            let form = try await browser.get("/signup")
            #expect(
                form.document.contains(
                    "input",
                    attributes: ["type": "hidden", "name": "timeZone", "value": "", "data-browser-time-zone": ""]
                )
            )
            #expect(form.document.contains("script", attributes: ["src": "/js/time-zone.js", "defer": ""], text: ""))
            for (email, sent, kept) in [
                ("tokyo@example.com", "Asia/Tokyo", "Asia/Tokyo"),
                ("etc@example.com", "Etc/UTC", "Etc/UTC"),
                ("mars@example.com", "Mars/Olympus_Mons", ProfileRules.signupTimeZone(browser: nil)),
                ("odd@example.com", "../../etc/passwd", ProfileRules.signupTimeZone(browser: nil)),
                ("none@example.com", "", ProfileRules.signupTimeZone(browser: nil)),
            ] {
                let other = Browser(client: browser.client)
                try await other.get("/signup")
                let page = try await other.post(
                    "/signup",
                    [
                        ("name", "Alex"), ("email", email), ("password", "correct horse battery"),
                        ("timeZone", sent),
                    ]
                )
                #expect(page.status == .seeOther, "\(sent)")
                #expect(try database.user(email: email)?.timeZone == kept, "\(sent)")
            }
        }
    }

    @Test("step 1 rejects bad input with field errors and keeps what was typed")
    func stepOneValidation() async throws {
        try await TestApp.run { browser, database in
            // When
            let page = try await browser.signUp(name: "Sam <b>Lee</b>", email: "not-an-email", password: "short")

            // Then
            #expect(page.status == .unprocessableContent)
            #expect(page.fieldError("email") == "Enter an email address like name@example.com.")
            #expect(page.fieldError("password")?.hasPrefix("Use at least 8 characters") == true)
            #expect(page.fieldError("name") == nil)
            #expect(page.fieldValue("name") == "Sam &lt;b&gt;Lee&lt;/b&gt;")
            #expect(page.fieldValue("email") == "not-an-email")
            #expect(page.fieldValue("password") == "", "a password is never echoed back")
            #expect(page.html.contains("Please fix the 2 fields marked below."))
            #expect(try database.read { db in try User.fetchCount(db) } == 0)
            #expect(page.setCookie("stashify_session") == nil)
        }
    }

    @Test("one of the most common passwords is refused, whatever its case, on sign-up and on a password change")
    func commonPasswords() async throws {
        try await TestApp.run { browser, database in
            for password in ["password123", "IloveYou1", "QWERTYUIOP"] {
                let page = try await browser.signUp(email: "sam@example.com", password: password)
                #expect(page.status == .unprocessableContent, "\(password)")
                #expect(page.fieldError("password")?.hasPrefix("This is one of the most common passwords") == true)
                #expect(page.fieldValue("email") == "sam@example.com")
            }
            #expect(try database.read { db in try User.fetchCount(db) } == 0)

            try await browser.signUp(email: "sam@example.com", password: "correct horse battery")
            try await browser.get("/profile")
            let change = try await browser.post(
                "/profile/password",
                [
                    ("currentPassword", "correct horse battery"), ("newPassword", "baseball1"),
                    ("confirmPassword", "baseball1"),
                ]
            )
            #expect(change.status == .unprocessableContent)
            #expect(change.fieldError("newPassword")?.hasPrefix("This is one of the most common passwords") == true)
            try await browser.logOut()
            #expect(try await browser.logIn(email: "sam@example.com").status == .seeOther, "the password is unchanged")
        }
    }

    @Test("the common-password list holds only passwords long enough to pass the other rules, in lower case")
    func commonPasswordList() throws {
        let path = CommonPasswords.path(resourcesDirectory: TestApp.root)
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        #expect(lines.count > 8_000)
        #expect(lines.allSatisfy { $0.count >= ProfileRules.passwordMinimum && $0 == $0.lowercased() })
        let list = try CommonPasswords.load(path: path)
        #expect(list.contains("Password123"))
        #expect(!list.contains("correct horse battery"))
    }

    @Test("an email is unique whatever its case")
    func duplicateEmail() async throws {
        try await TestApp.run { browser, database in
            // Given
            try await browser.signUp(email: "sam@example.com")
            await browser.setCookie("stashify_session", nil)

            // When
            let page = try await browser.signUp(name: "Other Sam", email: "SAM@example.com")

            // Then
            #expect(page.status == .unprocessableContent)
            #expect(page.fieldError("email") == "An account with this email already exists. Log in instead?")
            #expect(try database.read { db in try User.fetchCount(db) } == 1)
        }
    }

    @Test("a long passphrase counts in full, past bcrypt's 72 bytes")
    func longPassphrase() async throws {
        try await TestApp.run { browser, _ in
            // Given
            let passphrase = String(repeating: "correct horse battery staple ", count: 4)
            try await browser.signUp(email: "long@example.com", password: passphrase + "A")
            try await browser.logOut()

            // When: same first 116 characters, different ending
            let wrong = try await browser.logIn(email: "long@example.com", password: passphrase + "B")
            let right = try await browser.logIn(email: "long@example.com", password: passphrase + "A")

            // Then
            #expect(wrong.status == .unprocessableContent)
            #expect(right.status == .seeOther)
        }
    }

    @Test("step 2 saves the optional details and welcomes the user in the first run")
    func stepTwoSavesDetails() async throws {
        try await TestApp.run { browser, database in
            // Given
            try await browser.signUp(email: "alex@example.com")
            try await browser.get("/signup/details")

            // When
            let page = try await browser.post(
                "/signup/details",
                [
                    ("location", "Lisbon"), ("age", "34"), ("salary", "52,000.50"), ("householdSize", "3"),
                    ("currency", "EUR"), ("timeZone", "Europe/Lisbon"),
                ]
            )

            // Then
            #expect(page.status == .seeOther)
            #expect(page.location == "/welcome")
            let user = try #require(try database.user(email: "alex@example.com"))
            #expect(user.location == "Lisbon")
            #expect(user.age == 34)
            #expect(user.salaryCents == 5_200_050)
            #expect(user.householdSize == 3)
            #expect(user.currency == "EUR")
            #expect(user.timeZone == "Europe/Lisbon")
            let welcome = try await browser.get("/welcome")
            #expect(welcome.status == .ok)
            #expect(welcome.html.contains("Welcome to Stashify, Alex!"))
            #expect(welcome.setCookie("stashify_flash")?.contains("Max-Age=0") == true, "the flash shows once")
        }
    }

    @Test("step 2 rejects bad details, keeps what was typed and saves nothing")
    func stepTwoValidation() async throws {
        try await TestApp.run { browser, database in
            // Given
            try await browser.signUp(email: "alex@example.com")
            try await browser.get("/signup/details")

            // When
            let page = try await browser.post(
                "/signup/details",
                [
                    ("location", "Porto"), ("age", "abc"), ("salary", "12.345"), ("householdSize", "0"),
                    ("currency", "XXX"), ("timeZone", "Mars/Olympus"),
                ]
            )

            // Then
            #expect(page.status == .unprocessableContent)
            #expect(page.fieldError("age") == "Enter your age as a whole number from 13 to 120.")
            #expect(page.fieldError("salary") == "Use at most 2 digits after the decimal point.")
            #expect(page.fieldError("householdSize") != nil)
            #expect(page.fieldError("currency") == "Choose a currency from the list.")
            #expect(page.fieldError("timeZone") == "Choose a time zone from the list.")
            #expect(page.fieldValue("location") == "Porto")
            #expect(page.fieldValue("age") == "abc")
            #expect(page.fieldValue("salary") == "12.345")
            let user = try #require(try database.user(email: "alex@example.com"))
            #expect(user.location == nil)
            #expect(user.age == nil)
        }
    }

    @Test("step 2 can be skipped")
    func stepTwoSkip() async throws {
        try await TestApp.run { browser, _ in
            // Given
            try await browser.signUp(email: "alex@example.com")

            // When
            let details = try await browser.get("/signup/details")
            let home = try await browser.get("/")

            // Then
            #expect(details.html.contains("href=\"/welcome\">Skip for now</a>"))
            #expect(home.status == .ok)
            #expect(home.html.contains("Set up your income"))
            #expect(home.html.contains("+ New stash"))
        }
    }
}
