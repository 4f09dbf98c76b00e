import Foundation
import GRDB
import Testing

@testable import App

/// Notification settings in Profile: on or off, cadence and weekday, reminder time, lead time and quiet hours, each
/// bad value with its own message and the form keeping what was typed.
@Suite("Notification settings")
struct NotificationSettingsTests {
    private static let good: [(String, String)] = [
        ("notifications", "off"), ("frequency", "monthly"), ("weekday", "3"), ("reminderTime", "08:15"),
        ("leadDays", "21"), ("quietHours", "on"), ("quietFrom", "22:30"), ("quietTo", "07:00"),
    ]

    private static func with(_ changes: [(String, String)]) -> [(String, String)] {
        good.map { field in changes.first { $0.0 == field.0 } ?? field }
    }

    @Test("saves each setting for the user; bad values get a message next to the field and keep what was typed")
    func settings() async throws {
        try await TestApp.run { browser, database in
            try await browser.signUp(email: "ann@example.com")
            let page = try await browser.get("/profile/notifications")
            #expect(page.status == .ok)
            #expect(page.fieldValue("reminderTime") == "09:00")
            #expect(page.html.contains("Make a calendar link"))
            #expect(try await browser.get("/profile").html.contains("href=\"/profile/notifications\""))

            let cases: [([(String, String)], String, String)] = [
                ([("reminderTime", "25:00")], "reminderTime", "Enter a time like 09:00."),
                ([("quietTo", "22:30")], "quietTo", "Quiet hours must end at another time than they start."),
                ([("leadDays", "31")], "leadDays", "Choose a lead time from 1 to 30 days."),
                ([("weekday", "8")], "weekday", "Choose a day of the week."),
                ([("frequency", "hourly")], "frequency", "Choose how often to hear about your stashes."),
            ]
            for (changes, field, message) in cases {
                let bad = try await browser.post("/profile/notifications", Self.with(changes))
                #expect(bad.status == .unprocessableContent, "\(field)")
                #expect(bad.fieldError(field) == message)
                #expect(bad.fieldValue("quietFrom") == "22:30", "what was typed stays")
            }
            #expect(try database.read { db in try WalletSettings.fetchCount(db) } == 0, "nothing saved")

            let saved = try await browser.post("/profile/notifications", Self.good)
            #expect(saved.status == .seeOther)
            #expect(try await browser.get(saved.location ?? "").html.contains("Notification settings saved."))
            let settings = try #require(try database.read { db in try WalletSettings.fetchOne(db) })
            #expect(settings.notificationsEnabled == false)
            #expect(settings.frequency == "monthly")
            #expect(settings.weekday == 3)
            #expect(settings.reminderTime == "08:15")
            #expect(settings.leadDays == 21)
            #expect(settings.quietEnabled)
            #expect(settings.quietFrom == "22:30")
            #expect(settings.quietTo == "07:00")

            // Another user has their own, untouched settings
            let bob = Browser(client: browser.client)
            try await bob.signUp(name: "Bob", email: "bob@example.com")
            let bobs = try await bob.get("/profile/notifications")
            #expect(bobs.fieldValue("reminderTime") == "09:00")
            #expect(bobs.fieldValue("quietFrom") == "22:00")
        }
    }
}
