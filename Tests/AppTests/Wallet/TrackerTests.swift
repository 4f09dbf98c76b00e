import Foundation
import GRDB
import Testing

@testable import App

@Suite("Tracker: subscriptions and coupons")
struct TrackerTests {
    func day(_ text: String) -> CalendarDay { CalendarDay(text)! }

    @Test("renewal dates roll forward to the first one on or after today, keeping the day of the month")
    func rollForward() {
        #expect(
            RenewalFrequency.monthly.nextRenewal(from: day("2026-01-31"), onOrAfter: day("2026-02-15"))
                == day("2026-02-28")
        )
        #expect(
            RenewalFrequency.monthly.nextRenewal(from: day("2026-01-31"), onOrAfter: day("2026-03-01"))
                == day("2026-03-31")
        )
        #expect(
            RenewalFrequency.monthly.nextRenewal(from: day("2026-01-31"), onOrAfter: day("2026-03-31"))
                == day("2026-03-31")
        )
        #expect(
            RenewalFrequency.weekly.nextRenewal(from: day("2026-11-01"), onOrAfter: day("2026-11-22"))
                == day("2026-11-22")
        )
        #expect(
            RenewalFrequency.weekly.nextRenewal(from: day("2026-11-01"), onOrAfter: day("2026-11-23"))
                == day("2026-11-29")
        )
        #expect(
            RenewalFrequency.quarterly.nextRenewal(from: day("2025-11-30"), onOrAfter: day("2026-11-22"))
                == day("2026-11-30")
        )
        #expect(
            RenewalFrequency.yearly.nextRenewal(from: day("2024-02-29"), onOrAfter: day("2026-11-22"))
                == day("2027-02-28")
        )
        #expect(
            RenewalFrequency.yearly.nextRenewal(from: day("2024-02-29"), onOrAfter: day("2027-12-01"))
                == day("2028-02-29")
        )
        #expect(
            RenewalFrequency.monthly.nextRenewal(from: day("2027-01-05"), onOrAfter: day("2026-11-22"))
                == day("2027-01-05")
        )
    }

    @Test("monthly totals normalise every frequency to whole cents")
    func normalise() {
        #expect(RenewalFrequency.weekly.monthlyCents(1_000) == 4_333)
        #expect(RenewalFrequency.weekly.monthlyCents(999) == 4_329)
        #expect(RenewalFrequency.monthly.monthlyCents(1_599) == 1_599)
        #expect(RenewalFrequency.quarterly.monthlyCents(3_000) == 1_000)
        #expect(RenewalFrequency.quarterly.monthlyCents(1_000) == 333)
        #expect(RenewalFrequency.yearly.monthlyCents(13_900) == 1_158)
    }

    @Test(
        "coupons sort into today, this week, later and history",
        arguments: [
            ("2026-11-22", nil as String?, CouponSection.today), ("2026-11-23", nil, .thisWeek),
            ("2026-11-29", nil, .thisWeek),
            ("2026-11-30", nil, .later), ("2026-11-21", nil, .history), ("2026-12-30", "2026-11-20", .history),
        ]
    )
    func couponSections(expires: String, used: String?, expected: CouponSection) {
        #expect(CouponSection.of(expiresOn: day(expires), usedOn: used.map(day), today: day("2026-11-22")) == expected)
    }

    @Test("subscriptions: add from a template, monthly total, renewing soon, edit and delete")
    func subscriptions() async throws {
        try await TestApp.run { browser, database in
            try await browser.signUp(email: "ann@example.com")
            let grid = try await browser.get("/wallet/subscriptions/new")
            #expect(grid.html.contains("Netflix"))
            #expect(grid.html.contains("Spotify"))
            let form = try await browser.get("/wallet/subscriptions/new?template=netflix")
            #expect(form.fieldValue("name") == "Netflix")
            #expect(form.fieldValue("amount") == "15.49")
            #expect(form.fieldValue("renewsOn") == "2026-12-22")
            let added = try await browser.post(
                "/wallet/subscriptions",
                [
                    ("name", "Netflix"), ("amount", "15.99"), ("frequency", "monthly"), ("renewsOn", "2026-10-23"),
                    ("cardId", ""), ("category", "Streaming"),
                ]
            )
            #expect(added.status == .seeOther)
            #expect(added.location == "/wallet/tracker")
            let card = try await browser.addCatalogueCard("chase-sapphire-reserve", feeDueOn: "2027-03-01")
            let custom = try await browser.get("/wallet/subscriptions/new?custom=1")
            #expect(custom.document.contains("option", attributes: ["value": "\(card)"], text: "Sapphire Reserve"))
            try await browser.post(
                "/wallet/subscriptions",
                [
                    ("name", "Gym"), ("amount", "10"), ("frequency", "weekly"), ("renewsOn", "2026-12-20"),
                    ("cardId", String(card)),
                    ("category", ""),
                ]
            )
            let tracker = try await browser.get("/wallet/tracker")
            #expect(tracker.html.contains("$59.32"))  // 15.99 + 10 × 52 ÷ 12
            #expect(tracker.html.contains("2 active subscriptions"))
            #expect(tracker.html.contains("Renewing soon"))
            #expect(tracker.html.contains("Renews tomorrow"))
            #expect(tracker.html.contains("Renews Dec 20, 2026"))
            #expect(
                tracker.document.contains("span", attributes: ["class": "pill pill--card"], text: "Sapphire Reserve")
            )
            let netflix = try #require(
                try database.read { db in
                    try Subscription.fetchOne(db, sql: "SELECT * FROM subscription WHERE name = 'Netflix'")
                }
            )
            #expect(netflix.renewsOn == "2026-10-23")
            #expect(netflix.icon == "netflix")

            let edit = try await browser.get("/wallet/subscriptions/\(netflix.id ?? 0)/edit")
            #expect(edit.fieldValue("renewsOn") == "2026-11-23")
            #expect(edit.html.contains("href=\"/wallet/subscriptions/\(netflix.id ?? 0)/delete\""))
            let bad = try await browser.post(
                "/wallet/subscriptions/\(netflix.id ?? 0)/edit",
                [
                    ("name", "Netflix"), ("amount", "-3"), ("frequency", "daily"), ("renewsOn", "soon"),
                    ("cardId", "999"),
                    ("category", "Streaming"),
                ]
            )
            #expect(bad.status == .unprocessableContent)
            #expect(bad.fieldError("amount") != nil)
            #expect(bad.fieldError("frequency") == "Choose how often it renews.")
            #expect(bad.fieldError("renewsOn")?.hasPrefix("Enter a real date") == true)
            #expect(bad.fieldError("cardId") == "Choose one of your cards.")
            #expect(bad.fieldValue("amount") == "-3")

            let confirm = try await browser.get("/wallet/subscriptions/\(netflix.id ?? 0)/delete")
            #expect(confirm.html.contains("Delete Netflix?"))
            let deleted = try await browser.post("/wallet/subscriptions/\(netflix.id ?? 0)/delete")
            #expect(deleted.status == .seeOther)
            #expect(try database.read { db in try Subscription.fetchCount(db) } == 1)
        }
    }

    @Test("coupons: add, sections, mark used into the history")
    func coupons() async throws {
        try await TestApp.run { browser, database in
            try await browser.signUp(email: "ann@example.com")
            for (name, expires) in [
                ("BOGO Burger", "2026-11-22"), ("$5 Off $25", "2026-11-25"), ("20% Off", "2027-01-10"),
            ] {
                try await browser.get("/wallet/coupons/new")
                let page = try await browser.post(
                    "/wallet/coupons",
                    [
                        ("name", name), ("details", ""), ("expiresOn", expires), ("category", "Dining"), ("value", "5"),
                        ("code", "SAVE5"),
                    ]
                )
                #expect(page.status == .seeOther)
            }
            let bad = try await browser.post(
                "/wallet/coupons",
                [
                    ("name", ""), ("expiresOn", "2026-11-01"), ("category", "Dining"), ("value", "x"), ("code", "KEEP"),
                ]
            )
            #expect(bad.status == .unprocessableContent)
            #expect(bad.fieldError("name") == "Enter a name.")
            #expect(bad.fieldError("expiresOn") == "This date has passed; enter today or later.")
            #expect(bad.fieldValue("code") == "KEEP")

            let page = try await browser.get("/wallet/tracker?tab=coupons")
            #expect(page.html.contains("Expiring today (1)"))
            #expect(page.html.contains("Expiring this week (1)"))
            #expect(page.html.contains("Later (1)"))
            #expect(page.html.contains("Expires today"))
            #expect(page.html.contains("3 days left"))
            let id = try #require(
                try database.read { db in
                    try Int64.fetchOne(db, sql: "SELECT id FROM coupon WHERE name = 'BOGO Burger'")
                }
            )
            let used = try await browser.post("/wallet/coupons/\(id)/use")
            #expect(used.location == "/wallet/tracker?tab=coupons")
            let after = try await browser.get("/wallet/tracker?tab=coupons")
            #expect(!after.html.contains("Expiring today"))
            #expect(after.html.contains("History"))
            #expect(after.html.contains("Used Nov 22, 2026"))
            #expect(
                try database.read { db in
                    try String.fetchOne(db, sql: "SELECT usedOn FROM coupon WHERE id = ?", arguments: [id])
                } == "2026-11-22"
            )
        }
    }

    @Test("Mark used sets the state it names: a second submit keeps the coupon used, Reopen keeps it open")
    func markUsedTwice() async throws {
        try await TestApp.run { browser, database in
            try await browser.signUp(email: "ann@example.com")
            try await browser.get("/wallet/coupons/new")
            try await browser.post(
                "/wallet/coupons",
                [("name", "BOGO Burger"), ("expiresOn", "2026-11-25"), ("category", "Dining")]
            )
            let id = try #require(
                try database.read { db in try Int64.fetchOne(db, sql: "SELECT id FROM coupon") }
            )
            func usedOn() async throws -> String? {
                try database.read { db in
                    try String.fetchOne(db, sql: "SELECT usedOn FROM coupon WHERE id = ?", arguments: [id])
                }
            }
            let open = try await browser.get("/wallet/tracker?tab=coupons")
            #expect(open.document.contains("input", attributes: ["type": "hidden", "name": "used", "value": "1"]))
            // Each button names what it acts on
            #expect(
                open.document.all("button").contains {
                    $0["aria-label"] == "Mark BOGO Burger used" && $0.rawText == "Mark used"
                }
            )
            for _ in 0..<2 {
                let page = try await browser.post("/wallet/coupons/\(id)/use", [("used", "1")])
                #expect(page.status == .seeOther)
                #expect(try await usedOn() == "2026-11-22")
            }
            let used = try await browser.get("/wallet/tracker?tab=coupons")
            #expect(used.document.contains("input", attributes: ["type": "hidden", "name": "used", "value": "0"]))
            #expect(
                used.document.all("button").contains {
                    $0["aria-label"] == "Reopen BOGO Burger" && $0.rawText == "Reopen"
                }
            )
            for _ in 0..<2 {
                try await browser.post("/wallet/coupons/\(id)/use", [("used", "0")])
                #expect(try await usedOn() == nil)
            }
            #expect(try await browser.post("/wallet/coupons/\(id)/use", [("used", "maybe")]).status == .badRequest)
            #expect(try await usedOn() == nil)
        }
    }

    @Test("a coupon with a category not in the list is refused with a field error, keeping what was typed")
    func couponUnknownCategory() async throws {
        try await TestApp.run { browser, database in
            try await browser.signUp(email: "ann@example.com")
            try await browser.get("/wallet/coupons/new")
            let page = try await browser.post(
                "/wallet/coupons",
                [
                    ("name", "BOGO Burger"), ("details", "Two for one"), ("expiresOn", "2026-11-25"),
                    ("category", "Snacks"),
                    ("value", "5"), ("code", "TWO4ONE"),
                ]
            )
            #expect(page.status == .unprocessableContent)
            #expect(page.fieldError("category") == "Choose a category.")
            #expect(page.fieldValue("name") == "BOGO Burger")
            #expect(page.fieldValue("details") == "Two for one")
            #expect(page.fieldValue("expiresOn") == "2026-11-25")
            #expect(page.fieldValue("value") == "5")
            #expect(page.fieldValue("code") == "TWO4ONE")
            #expect(try database.read { db in try Coupon.fetchCount(db) } == 0)
        }
    }

    @Test("a subscription can't be paid with another user's card")
    func subscriptionWithAnotherUsersCard() async throws {
        try await TestApp.run { browser, database in
            try await browser.signUp(email: "ann@example.com")
            let card = try await browser.addCatalogueCard("amex-gold")
            try await browser.logOut()
            try await browser.signUp(email: "bob@example.com")
            try await browser.get("/wallet/subscriptions/new?custom=1")
            let page = try await browser.post(
                "/wallet/subscriptions",
                [
                    ("name", "Netflix"), ("amount", "15.49"), ("frequency", "monthly"), ("renewsOn", "2026-12-01"),
                    ("cardId", String(card)), ("category", "Streaming"),
                ]
            )
            #expect(page.status == .unprocessableContent)
            #expect(page.fieldError("cardId") == "Choose one of your cards.")
            #expect(page.fieldValue("name") == "Netflix")
            #expect(!page.document.all("option").contains { $0["value"] == "\(card)" })
            #expect(try database.read { db in try Subscription.fetchCount(db) } == 0)
        }
    }

    @Test("a long Later list is cut to 50 with a link to show all")
    func laterLimit() async throws {
        try await TestApp.run { browser, database in
            try await browser.signUp(email: "ann@example.com")
            let userId = try #require(
                try database.read { db in try Int64.fetchOne(db, sql: "SELECT id FROM user") }
            )
            try await database.write { db in
                for index in 0..<52 {
                    try db.execute(
                        sql: """
                            INSERT INTO coupon (userId, name, details, expiresOn, category, code, createdAt)
                            VALUES (?, ?, '', '2027-01-15', 'Dining', '', ?)
                            """,
                        arguments: [userId, "Coupon \(index)", Date()]
                    )
                }
            }
            let page = try await browser.get("/wallet/tracker?tab=coupons")
            #expect(page.html.contains("Later (52)"))
            #expect(page.html.components(separatedBy: "class=\"track urgency--standard").count - 1 == 50)
            #expect(page.html.contains("Show all 52"))
            let all = try await browser.get("/wallet/tracker?tab=coupons&later=all")
            #expect(all.html.components(separatedBy: "class=\"track urgency--standard").count - 1 == 52)
        }
    }

    @Test(
        "Home's insights put the most pressing first: a fee due today before one due tomorrow, whatever the card order"
    )
    func insightsByUrgency() async throws {
        try await TestApp.run { browser, database in
            // Given: the card added first has its fee due in ten days, the second tomorrow, the third today
            try await browser.signUp(email: "ann@example.com")
            let later = try await browser.addCatalogueCard("amex-platinum")
            let tomorrow = try await browser.addCatalogueCard("amex-gold")
            let today = try await browser.addCatalogueCard("chase-sapphire-preferred", feeDueOn: "2027-03-01")
            try await database.write { db in
                for (id, due) in [(tomorrow, "2025-11-23"), (today, "2025-11-22"), (later, "2025-12-02")] {
                    try db.execute(sql: "UPDATE walletCard SET feeDueOn = ? WHERE id = ?", arguments: [due, id])
                }
            }

            // When
            let html = try await browser.get("/").html

            // Then: the two most pressing are shown, today's first
            let dueToday = try #require(html.range(of: "annual fee due today"))
            let dueTomorrow = try #require(html.range(of: "annual fee due tomorrow"))
            #expect(dueToday.lowerBound < dueTomorrow.lowerBound)
            #expect(!html.contains("annual fee due in 10 days"))
        }
    }

    @Test("Home shows the wallet widgets: expiring soon, monthly total and insights")
    func homeWidgets() async throws {
        try await TestApp.run { browser, _ in
            try await browser.signUp(email: "ann@example.com")
            #expect(!(try await browser.get("/").html.contains("Expiring soon")))
            try await browser.get("/wallet/coupons/new")
            try await browser.post(
                "/wallet/coupons",
                [("name", "BOGO Burger"), ("expiresOn", "2026-11-22"), ("category", "Dining")]
            )
            for name in ["Netflix", "Spotify", "Disney+"] {
                try await browser.post(
                    "/wallet/subscriptions",
                    [
                        ("name", name), ("amount", "10"), ("frequency", "monthly"), ("renewsOn", "2026-11-25"),
                        ("category", "Streaming"),
                    ]
                )
            }
            let home = try await browser.get("/")
            #expect(home.html.contains("Expiring soon"))
            #expect(home.html.contains("BOGO Burger"))
            #expect(home.html.contains("Netflix renews"))
            #expect(home.html.contains("$30.00/mo total"))
            #expect(home.html.contains("3 subscriptions renew this week: $30"))
            #expect(home.html.contains("1 coupon expires today!"))
        }
    }

    @Test(
        "Home's wallet widgets follow every wallet write, from the forms or straight to the database, and the new day"
    )
    func homeWidgetsStayCurrent() async throws {
        let clock = TestClock()
        try await TestApp.run(clock: clock) { browser, database in
            try await browser.signUp(email: "ann@example.com")
            try await browser.get("/wallet/coupons/new")
            try await browser.post(
                "/wallet/coupons",
                [("name", "BOGO Burger"), ("expiresOn", "2026-11-23"), ("category", "Dining")]
            )
            var home = try await browser.get("/")
            #expect(home.html.contains("BOGO Burger"))
            #expect(home.html.contains("Expires tomorrow"))
            #expect(!home.html.contains("expires today!"))

            // Another writer (demo data, a second server process) goes straight to the database.
            try await database.write { db in try db.execute(sql: "UPDATE coupon SET name = 'Taco Tuesday'") }
            home = try await browser.get("/")
            #expect(home.html.contains("Taco Tuesday"))
            #expect(!home.html.contains("BOGO Burger"))
            try await database.write { db in
                try db.execute(
                    sql: """
                        INSERT INTO subscription (userId, name, amountCents, frequency, renewsOn, category, icon, createdAt, updatedAt)
                        SELECT id, 'Netflix', 1599, 'monthly', '2026-12-10', 'Streaming', '', '2026-11-22', '2026-11-22' FROM user
                        """
                )
            }
            home = try await browser.get("/")
            #expect(home.html.contains("$15.99/mo total"))

            // The next day the coupon expires today.
            clock.advance(by: 24 * 60 * 60)
            home = try await browser.get("/")
            #expect(home.html.contains("1 coupon expires today!"))
            #expect(home.html.contains("Expires today"))

            // Marking it used through the form takes it off Home.
            let coupon = try #require(
                try database.read { db in try Int64.fetchOne(db, sql: "SELECT id FROM coupon") }
            )
            try await browser.get("/wallet/tracker?tab=coupons")
            let used = try await browser.post("/wallet/coupons/\(coupon)/use", [])
            #expect(try await browser.get(try #require(used.location)).html.contains("Marked Taco Tuesday as used."))
            home = try await browser.get("/")
            #expect(!home.html.contains("Expires today"))
            #expect(!home.html.contains("expires today!"))
            // It moves to "Recently used"
            #expect(home.html.components(separatedBy: "Taco Tuesday").count == 2)
            #expect(home.html.contains("Taco Tuesday</a> <span class=\"track__when\">Used Nov 23</span>"))
            try await database.write { db in try db.execute(sql: "DELETE FROM subscription") }
            home = try await browser.get("/")
            #expect(!home.html.contains("/mo total"))
            #expect(!home.html.contains("Expiring soon"))
        }
    }

    @Test("a second user never sees or changes the first user's subscriptions and coupons")
    func isolation() async throws {
        try await TestApp.run { browser, database in
            try await browser.signUp(email: "ann@example.com")
            try await browser.get("/wallet/coupons/new")
            try await browser.post(
                "/wallet/coupons",
                [("name", "Zebra coupon"), ("expiresOn", "2026-12-01"), ("category", "Dining")]
            )
            try await browser.post(
                "/wallet/subscriptions",
                [
                    ("name", "Zebra stream"), ("amount", "10"), ("frequency", "monthly"), ("renewsOn", "2026-12-01"),
                    ("category", "x"),
                ]
            )
            let coupon = try #require(
                try database.read { db in try Int64.fetchOne(db, sql: "SELECT id FROM coupon") }
            )
            let subscription = try #require(
                try database.read { db in
                    try Int64.fetchOne(db, sql: "SELECT id FROM subscription")
                }
            )
            try await browser.logOut()
            try await browser.signUp(email: "bob@example.com")
            #expect(try await browser.get("/wallet/subscriptions/\(subscription)/edit").status == .notFound)
            #expect(try await browser.get("/wallet/subscriptions/\(subscription)/delete").status == .notFound)
            try await browser.get("/profile/notifications")
            for path in [
                "/wallet/subscriptions/\(subscription)/edit", "/wallet/subscriptions/\(subscription)/delete",
                "/wallet/coupons/\(coupon)/use", "/wallet/coupons/\(coupon)/delete",
            ] {
                #expect(
                    try await browser.post(
                        path,
                        [
                            ("name", "Bob"), ("amount", "1"), ("frequency", "monthly"),
                            ("renewsOn", "2026-12-01"),
                        ]
                    ).status == .notFound,
                    "\(path)"
                )
            }
            #expect(!(try await browser.get("/wallet/tracker").html.contains("Zebra")))
            #expect(!(try await browser.get("/wallet/tracker?tab=coupons").html.contains("Zebra")))
            #expect(
                try database.read { db in
                    try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM coupon WHERE usedOn IS NULL")
                } == 1
            )
            #expect(
                try database.read { db in try String.fetchOne(db, sql: "SELECT name FROM subscription") }
                    == "Zebra stream"
            )
        }
    }
}
