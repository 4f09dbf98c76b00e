import Foundation
import GRDB
import Testing

@testable import App

/// The calendar feed at a secret URL: valid iCalendar (read back by a real parser), the user's own items only, and a
/// new link revokes the old one.
@Suite("Calendar feed")
struct CalendarFeedTests {
    /// Python's `icalendar` (Debian's python3-icalendar; `.ci/run` installs it), or nil when it isn't there.
    static let parser: String? = {
        let python = "/usr/bin/python3"
        guard FileManager.default.isExecutableFile(atPath: python) else { return nil }
        let check = Process()
        check.executableURL = URL(fileURLWithPath: python)
        check.arguments = ["-c", "import icalendar"]
        check.standardError = FileHandle.nullDevice
        guard (try? check.run()) != nil else { return nil }
        check.waitUntilExit()
        return check.terminationStatus == 0 ? python : nil
    }()

    /// The feed as the parser reads it: one line per event, `UID|DTSTART|SUMMARY|DESCRIPTION|TRIGGER|URL`.
    static func parse(_ text: String, with python: String) throws -> [String] {
        let file = NSTemporaryDirectory() + "feed-\(UUID().uuidString).ics"
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }
        let script = """
            import sys, icalendar
            cal = icalendar.Calendar.from_ical(open(sys.argv[1], 'rb').read())
            assert cal['VERSION'] == '2.0'
            for event in cal.walk('VEVENT'):
                alarm = event.walk('VALARM')[0]
                print('|'.join([str(event['UID']), event.decoded('DTSTART').isoformat(), str(event['SUMMARY']),
                                str(event['DESCRIPTION']), str(alarm.decoded('TRIGGER')), str(event.get('URL', ''))]))
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", script, file]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "the parser read the feed")
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init).sorted()
    }

    /// The secret of the feed URL the settings page shows, if it shows one.
    static func feedToken(in html: String) -> String? {
        guard let range = html.range(of: "/calendar/[A-Za-z0-9_-]{43}\"", options: .regularExpression) else {
            return nil
        }
        return String(html[range].dropFirst("/calendar/".count).dropLast())
    }

    @Test("the secret URL serves valid iCalendar of the user's own items, and a new link revokes the old")
    func feed() async throws {
        try await TestApp.run { browser, database in
            // Given: Ann with a coupon whose name needs escaping and a long, non-ASCII note
            try await browser.signUp(email: "ann@example.com")
            let ann = try await LedgerFixture.userId(database, email: "ann@example.com")
            _ = try await database.for(userId: ann).addCoupon(
                Coupon(
                    id: nil,
                    userId: ann,
                    name: "Pizza, 2 for 1; dine-in \\ Café crème ☕ — only at the Main Street branch near the station",
                    details: "",
                    expiresOn: "2026-12-05",
                    category: "Food",
                    valueCents: 1_250,
                    code: "",
                    usedOn: nil,
                    createdAt: Date()
                )
            )
            _ = try await database.for(userId: ann).saveSubscription(
                Subscription(
                    id: nil,
                    userId: ann,
                    name: "Gym",
                    amountCents: 4_000,
                    frequency: .monthly,
                    renewsOn: "2026-10-27",
                    cardId: nil,
                    category: "Health",
                    icon: "heart",
                    createdAt: Date(),
                    updatedAt: Date()
                ),
                today: CalendarDay("2026-11-22")!,
                now: Date()
            )

            // No link until she makes one
            #expect(try await browser.get("/profile/notifications").html.contains("Make a calendar link"))
            let made = try await browser.post("/profile/notifications/calendar")
            #expect(made.status == .seeOther)
            let settings = try await browser.get("/profile/notifications").html
            #expect(settings.contains("Calendar link made."))
            let token = try #require(Self.feedToken(in: settings))
            #expect(settings.contains("webcal://"))

            // The feed answers without a session
            let calendarApp = Browser(client: browser.client)
            let feed = try await calendarApp.get("/calendar/\(token)")
            #expect(feed.status == .ok)
            #expect(feed.headers[.contentType] == "text/calendar; charset=utf-8")
            let text = feed.html
            #expect(text.hasPrefix("BEGIN:VCALENDAR\r\n"))
            #expect(text.contains("Pizza\\, 2 for 1\\; dine-in \\\\ Café"))
            #expect(text.split(separator: "\r\n").allSatisfy { $0.utf8.count <= 75 }, "lines are folded")
            #expect(text.contains("\r\n "), "a long line was folded")
            if let python = Self.parser {
                let events = try Self.parse(text, with: python)
                #expect(events.count == 13, "the coupon, and the gym's renewals for a year")
                #expect(
                    events.contains {
                        $0.hasPrefix("coupon-")
                            && $0.contains(
                                "|2026-12-05|Coupon expiring: Pizza, 2 for 1; dine-in \\ Café crème ☕ — only at the Main Street branch near the station|"
                            ) && $0.contains("|-7 days, 0:00:00|")
                    }
                )
                #expect(
                    events.contains {
                        $0.contains("|2026-11-27|Gym renews|Gym renews, due ") && $0.contains("Nov 27, 2026.|")
                    }
                )
                #expect(events.allSatisfy { $0.contains("-u\(ann)@") }, "UIDs name the user and the server")
            }

            // A second user's feed is theirs alone
            let sam = Browser(client: browser.client)
            try await sam.signUp(name: "Sam", email: "sam@example.com")
            let samId = try await LedgerFixture.userId(database, email: "sam@example.com")
            let samsToken = CSRFMiddleware.makeToken()
            try await database.for(userId: samId).renewCalendarFeed(token: samsToken, now: Date())
            let samsFeed = try await calendarApp.get("/calendar/\(samsToken)").html
            #expect(samsFeed.contains("BEGIN:VCALENDAR"))
            #expect(!samsFeed.contains("Pizza"))
            #expect(!samsFeed.contains("Gym"))

            // A new link: the old one is gone, a made-up one never worked
            try await browser.get("/profile/notifications")
            try await browser.post("/profile/notifications/calendar")
            let renewed = try #require(Self.feedToken(in: try await browser.get("/profile/notifications").html))
            #expect(renewed != token)
            #expect(try await calendarApp.get("/calendar/\(token)").status == .notFound)
            #expect(try await calendarApp.get("/calendar/\(renewed)").status == .ok)
            #expect(try await calendarApp.get("/calendar/\(String(repeating: "a", count: 43))").status == .notFound)
            #expect(try await calendarApp.get("/calendar/short").status == .notFound)
        }
    }

    @Test("events name their card, include snoozed benefits, reach a year ahead and link to their page")
    func yearAhead() async throws {
        let configure: (inout AppConfig) -> Void = { $0.publicURL = "https://stashify.example/" }
        try await TestApp.run(configure: configure) { browser, database in
            // Given Ann's Platinum card: a quarterly Hotel Credit, and a Lounge pass she snoozed
            try await browser.signUp(email: "ann@example.com")
            let ann = try await LedgerFixture.userId(database, email: "ann@example.com")
            let now = Date()
            let cards = try await database.for(userId: ann).addCards([
                (
                    card: WalletCard(
                        id: nil,
                        userId: ann,
                        catalogueId: nil,
                        name: "Platinum",
                        issuer: "Bank",
                        nickname: "",
                        gradientStart: "#000000",
                        gradientEnd: "#333333",
                        annualFeeCents: 0,
                        feeDueOn: nil,
                        createdAt: now,
                        updatedAt: now
                    ),
                    benefits: [
                        CardBenefit(
                            id: nil,
                            cardId: 0,
                            userId: ann,
                            name: "Hotel Credit",
                            details: "",
                            valueCents: 5_000,
                            period: .quarterly,
                            sortOrder: 0,
                            snoozedUntil: nil,
                            createdAt: now
                        ),
                        CardBenefit(
                            id: nil,
                            cardId: 0,
                            userId: ann,
                            name: "Lounge",
                            details: "",
                            valueCents: 3_000,
                            period: .annual,
                            sortOrder: 1,
                            snoozedUntil: "2026-12-20",
                            createdAt: now
                        ),
                    ]
                )
            ])
            let card = try #require(cards.first?.id)
            let token = CSRFMiddleware.makeToken()
            try await database.for(userId: ann).renewCalendarFeed(token: token, now: now)

            // When a calendar app reads the feed (today is Nov 22, 2026)
            let text = try await Browser(client: browser.client).get("/calendar/\(token)").html

            // Then: every quarter's end through a year ahead, the snoozed Lounge, each naming its card and linking to it
            #expect(text.contains("SUMMARY:Hotel Credit — Platinum\r\n"))
            #expect(text.contains("SUMMARY:Lounge — Platinum\r\n"), "a snoozed benefit is still in the calendar")
            #expect(text.contains("URL;VALUE=URI:https://stashify.example/wallet/cards/\(card)\r\n"))
            for day in ["20261231", "20270331", "20270630", "20270930"] {
                #expect(text.contains("DTSTART;VALUE=DATE:\(day)\r\nDTEND"), "\(day)")
            }
            #expect(!text.contains("DTSTART;VALUE=DATE:20271231"), "not past a year ahead")
            if let python = Self.parser {
                let events = try Self.parse(text, with: python)
                #expect(events.filter { $0.contains("|Hotel Credit — Platinum|") }.count == 4)
                #expect(events.contains { $0.contains("|2026-12-31|Lounge — Platinum|") })
                #expect(events.allSatisfy { $0.hasSuffix("|https://stashify.example/wallet/cards/\(card)") })
            }
        }
    }

    @Test("the calendar link and the events' links use the server's address, whatever Host a request names")
    func linksIgnoreHost() async throws {
        let configure: (inout AppConfig) -> Void = { $0.publicURL = "https://stashify.example" }
        try await TestApp.run(configure: configure) { browser, database in
            try await browser.signUp(email: "ann@example.com")
            try await browser.get("/profile/notifications")
            try await browser.post("/profile/notifications/calendar")
            await browser.setHeader("Host", "evil.example")
            let settings = try await browser.get("/profile/notifications").html
            #expect(!settings.contains("evil.example"))
            let link = try #require(settings.firstMatch(of: /https:\/\/stashify\.example(\/calendar\/[A-Za-z0-9_-]+)/))
            #expect(settings.contains("webcal://stashify.example\(link.1)"))

            let calendarApp = Browser(client: browser.client)
            await calendarApp.setHeader("Host", "evil.example")
            let ann = try await LedgerFixture.userId(database, email: "ann@example.com")
            _ = try await database.for(userId: ann).addCoupon(
                Coupon(
                    id: nil,
                    userId: ann,
                    name: "Pizza",
                    details: "",
                    expiresOn: "2026-12-05",
                    category: "Food",
                    valueCents: 1_250,
                    code: "",
                    usedOn: nil,
                    createdAt: Date()
                )
            )
            let feed = try await calendarApp.get(String(link.1)).html
            #expect(feed.contains("URL;VALUE=URI:https://stashify.example/wallet/"))
            #expect(feed.contains("@stashify.example\r\n"))
            #expect(!feed.contains("evil.example"))
        }
    }

    @Test("escaping and folding follow RFC 5545")
    func writer() {
        #expect(ICalendar.escape("a,b;c\\d\ne") == "a\\,b\\;c\\\\d\\ne")
        let long = "SUMMARY:" + String(repeating: "é", count: 60)
        let folded = ICalendar.fold(long)
        let lines = folded.components(separatedBy: "\r\n")
        #expect(lines.count == 2)
        #expect(lines.allSatisfy { $0.utf8.count <= 75 })
        #expect(lines[1].hasPrefix(" "))
        #expect(lines[0] + lines[1].dropFirst() == long, "unfolding gives the line back, no character split")
        #expect(ICalendar.utcStamp(Date(timeIntervalSince1970: 1_795_000_000)) == "20261118T110640Z")
    }
}
