import Foundation
import GRDB
import Testing

@testable import App

@Suite("Wallet: cards and benefits")
struct WalletTests {
    @Test("a first visit offers onboarding; Continue adds the ticked cards, Skip adds none")
    func onboarding() async throws {
        try await TestApp.run { browser, database in
            try await browser.signUp(email: "ann@example.com")
            let first = try await browser.get("/wallet")
            #expect(first.status == .ok)
            #expect(first.html.contains("Select your cards"))
            #expect(first.html.contains("name=\"cards[]\" value=\"amex-platinum\""))
            let done = try await browser.post(
                "/wallet/onboarding",
                [
                    ("cards[]", "amex-platinum"), ("cards[]", "amex-gold"),
                    ("cards[]", "chase-sapphire-reserve"),
                    ("feeDueOn[chase-sapphire-reserve]", "2027-03-01"),
                ]
            )
            #expect(done.status == .seeOther)
            #expect(done.location == "/wallet")
            let names = try database.read { db in
                try String.fetchAll(db, sql: "SELECT name FROM walletCard ORDER BY name")
            }
            #expect(names == ["Gold Card", "Platinum Card", "Sapphire Reserve"])
            let wallet = try await browser.get("/wallet")
            #expect(!wallet.html.contains("Select your cards"))
            #expect(wallet.html.contains("Across 3 cards"))
            #expect(wallet.html.contains("Total available value"))

            // Another user skips.
            try await browser.logOut()
            try await browser.signUp(email: "bob@example.com")
            try await browser.get("/wallet")
            let skipped = try await browser.post("/wallet/onboarding", [("cards[]", "amex-gold"), ("skip", "1")])
            #expect(skipped.status == .seeOther)
            let empty = try await browser.get("/wallet")
            #expect(empty.html.contains("No cards yet"))
            #expect(!empty.html.contains("Select your cards"))
            #expect(try database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM walletCard") } == 3)
        }
    }

    @Test(
        "a catalogue card shows its benefits, value and expiry; mark as done records the use and rolls over next month"
    )
    func markDone() async throws {
        let clock = TestClock(TestClock.date("2026-11-27T10:00:00Z"))
        try await TestApp.run(clock: clock) { browser, database in
            try await browser.signUp(email: "ann@example.com")
            let preview = try await browser.get("/wallet/catalogue/amex-platinum")
            #expect(preview.html.contains("Annual fee: $695"))
            #expect(preview.html.contains("$180 Uber Cash ($15 / month)"))
            #expect(preview.html.contains("Total annual value: $1,109"))
            let id = try await browser.addCatalogueCard("amex-platinum")
            let benefits = try await database.benefitIds(cardId: id)
            let uber = try #require(benefits["Uber Cash"])

            let detail = try await browser.get("/wallet/cards/\(id)")
            #expect(detail.status == .ok)
            #expect(detail.html.contains("Uber Cash"))
            #expect(detail.html.contains("Expires Nov 30, 2026"))
            #expect(detail.html.contains("3 days left"))
            #expect(detail.html.contains("benefit--expiring urgency--urgent"))

            let done = try await browser.post("/wallet/benefits/\(uber)/use", [("returnTo", "/wallet/cards/\(id)")])
            #expect(done.status == .seeOther)
            #expect(done.location == "/wallet/cards/\(id)")
            let uses = try database.read { db in try BenefitUse.fetchAll(db) }
            #expect(uses.count == 1)
            #expect(uses.first?.periodStart == "2026-11-01")
            #expect(uses.first?.usedOn == "2026-11-27")
            #expect(uses.first?.valueCents == 1_500)
            // A second click in the same period changes nothing.
            try await browser.get("/wallet/cards/\(id)")
            try await browser.post("/wallet/benefits/\(uber)/use")
            #expect(try database.read { db in try BenefitUse.fetchCount(db) } == 1)

            let after = try await browser.get("/wallet/cards/\(id)")
            #expect(after.html.contains("Used this period"))
            #expect(after.html.contains("Used Nov 27, 2026"))

            // December: available again, and November's use is not "expired".
            clock.advance(by: 5 * 86_400)
            let december = try await browser.get("/wallet/cards/\(id)")
            #expect(!december.html.contains("Used this period"))
            #expect(december.html.contains("Expires Dec 31, 2026"))
            // Benefits left unused in November show as expired for a while.
            #expect(december.html.contains("Expired Nov 30, 2026"))
            #expect(december.html.contains("benefit--expired"))
        }
    }

    @Test("a card added early on the 1st east of UTC shows no benefit as expired")
    func addedEastOfUTC() async throws {
        // 18:00 UTC on 30 November is 02:00 on 1 December in Singapore: last period ended before the card was added.
        let clock = TestClock(TestClock.date("2026-11-30T18:00:00Z"))
        try await TestApp.run(clock: clock) { browser, _ in
            try await browser.signUp(email: "mei@example.com")
            try await browser.get("/signup/details")
            try await browser.post("/signup/details", [("currency", "SGD"), ("timeZone", "Asia/Singapore")])
            let id = try await browser.addCatalogueCard("amex-platinum")
            let page = try await browser.get("/wallet/cards/\(id)")
            #expect(page.status == .ok)
            #expect(page.html.contains("Expires Dec 31, 2026"))
            #expect(!page.html.contains("id=\"expired-title\""))
            #expect(!page.html.contains("benefit--expired"))
        }
    }

    @Test("snooze hides a benefit from the expiring count until the snooze ends")
    func snooze() async throws {
        let clock = TestClock(TestClock.date("2026-11-27T10:00:00Z"))
        try await TestApp.run(clock: clock) { browser, database in
            try await browser.signUp(email: "ann@example.com")
            let id = try await browser.addCustomCard([
                ("name", "Travel Card"), ("issuer", "My Bank"), ("nickname", ""), ("gradient", "sapphire"),
                ("annualFee", ""),
                ("feeDueOn", ""), ("benefit1Name", "Lounge"), ("benefit1Value", "25"), ("benefit1Period", "monthly"),
            ])
            let benefit = try #require(try await database.benefitIds(cardId: id)["Lounge"])
            #expect(try await browser.get("/wallet").html.contains("1 expiring soon"))
            try await browser.get("/wallet/cards/\(id)")
            let snoozed = try await browser.post("/wallet/benefits/\(benefit)/snooze", [("days", "1")])
            #expect(snoozed.status == .seeOther)
            #expect(
                try database.read { db in
                    try String.fetchOne(
                        db,
                        sql: "SELECT snoozedUntil FROM cardBenefit WHERE id = ?",
                        arguments: [benefit]
                    )
                } == "2026-11-28"
            )
            #expect(!(try await browser.get("/wallet").html.contains("expiring soon")))
            #expect(try await browser.get("/wallet/cards/\(id)").html.contains("Snoozed until Nov 28, 2026"))
            clock.advance(by: 86_400)
            #expect(try await browser.get("/wallet").html.contains("1 expiring soon"))
            // Only the offered lengths are accepted.
            let bad = try await browser.post("/wallet/benefits/\(benefit)/snooze", [("days", "30")])
            #expect(bad.status == .badRequest)
        }
    }

    @Test("custom card validation shows field errors and keeps what was typed")
    func customValidation() async throws {
        try await TestApp.run { browser, database in
            try await browser.signUp(email: "ann@example.com")
            try await browser.get("/wallet/cards/custom")
            let page = try await browser.post(
                "/wallet/cards/custom",
                [
                    ("name", " "), ("issuer", "Local Bank"), ("nickname", "Personal"), ("gradient", "plaid"),
                    ("annualFee", "9.999"),
                    ("feeDueOn", "2026-02-30"), ("benefit1Name", ""), ("benefit1Value", "10"),
                    ("benefit1Period", "monthly"),
                    ("benefit2Name", "Dining"), ("benefit2Value", "abc"), ("benefit2Period", "weekly"),
                ]
            )
            #expect(page.status == .unprocessableContent)
            #expect(
                page.fieldError("name") == "Enter the card&#39;s name."
                    || page.fieldError("name") == "Enter the card's name."
            )
            #expect(page.fieldError("gradient") == "Choose a colour.")
            #expect(page.fieldError("annualFee") == "Use at most 2 digits after the decimal point.")
            #expect(page.fieldError("feeDueOn")?.hasPrefix("Enter a real date") == true)
            #expect(page.fieldError("benefit1Name") == "Name this benefit, or clear its value.")
            #expect(page.fieldError("benefit2Value") == "Enter an amount like 12.50 or 1,234.56.")
            #expect(page.fieldError("benefit2Period") == "Choose how often it resets.")
            #expect(page.fieldValue("issuer") == "Local Bank")
            #expect(page.fieldValue("nickname") == "Personal")
            #expect(page.fieldValue("annualFee") == "9.999")
            #expect(page.fieldValue("benefit2Name") == "Dining")
            #expect(try database.read { db in try WalletCard.fetchCount(db) } == 0)

            let id = try await browser.addCustomCard([
                ("name", "Everyday"), ("issuer", "Local Bank"), ("nickname", "Personal"), ("gradient", "rose-gold"),
                ("annualFee", "95"), ("feeDueOn", "2027-01-10"), ("benefit1Name", "Streaming"), ("benefit1Value", "7"),
                ("benefit1Period", "monthly"), ("benefit2Name", ""), ("benefit2Value", ""),
                ("benefit2Period", "monthly"),
            ])
            let card = try #require(try database.read { db in try WalletCard.fetchOne(db, key: id) })
            #expect(card.gradientStart == "#b76e79")
            #expect(card.gradientEnd == "#eacda3")
            #expect(card.annualFeeCents == 9_500)
            #expect(card.feeDueOn == "2027-01-10")
            #expect(try await database.benefitIds(cardId: id).keys.sorted() == ["Streaming"])
        }
    }

    @Test("annual-fee ROI: redeemed this card year minus the fee, with a fee-due warning under 30 days")
    func roi() async throws {
        let clock = TestClock(TestClock.date("2026-11-22T10:00:00Z"))
        try await TestApp.run(clock: clock) { browser, database in
            try await browser.signUp(email: "ann@example.com")
            let id = try await browser.addCustomCard([
                ("name", "Premium"), ("issuer", "Bank"), ("gradient", "gold"), ("annualFee", "550"),
                ("feeDueOn", "2026-12-10"),
                ("benefit1Name", "Airline"), ("benefit1Value", "200"), ("benefit1Period", "anniversary"),
                ("benefit2Name", "Dining"), ("benefit2Value", "10"), ("benefit2Period", "monthly"),
            ])
            let ids = try await database.benefitIds(cardId: id)
            try await browser.get("/wallet/cards/\(id)")
            try await browser.post("/wallet/benefits/\(try #require(ids["Airline"]))/use")
            try await browser.post("/wallet/benefits/\(try #require(ids["Dining"]))/use")
            let page = try await browser.get("/wallet/cards/\(id)")
            #expect(page.html.contains("Annual fee ROI"))
            #expect(page.html.contains("$210"))
            #expect(page.html.contains("$550"))
            #expect(page.html.contains("$340"))
            #expect(page.html.contains("Net loss"))
            #expect(page.html.contains("Redeem $340 more to break even"))
            #expect(page.html.contains("38%"))
            #expect(page.html.contains("Fee due in 18 days"))
            #expect(page.html.contains("pill--warning"))
            #expect(page.html.contains("Card year Dec 10, 2025 – Dec 9, 2026"))
        }
    }

    @Test("edit and remove a card (with confirmation)")
    func editAndRemove() async throws {
        try await TestApp.run { browser, database in
            try await browser.signUp(email: "ann@example.com")
            let id = try await browser.addCatalogueCard("chase-sapphire-preferred", feeDueOn: "2027-03-01")
            let form = try await browser.get("/wallet/cards/\(id)/edit")
            #expect(form.fieldValue("name") == "Sapphire Preferred")
            let saved = try await browser.post(
                "/wallet/cards/\(id)/edit",
                [
                    ("name", "Sapphire Preferred"), ("issuer", "Chase"), ("nickname", "Travel"),
                    ("gradient", "original"),
                    ("annualFee", "95"), ("feeDueOn", "2027-05-01"),
                ]
            )
            #expect(saved.status == .seeOther)
            let card = try #require(try database.read { db in try WalletCard.fetchOne(db, key: id) })
            #expect(card.nickname == "Travel")
            #expect(card.feeDueOn == "2027-05-01")
            #expect(card.gradientStart == "#0f4c75")
            let confirm = try await browser.get("/wallet/cards/\(id)/delete")
            #expect(confirm.html.contains("Remove Sapphire Preferred?"))
            let removed = try await browser.post("/wallet/cards/\(id)/delete")
            #expect(removed.location == "/wallet")
            #expect(try database.read { db in try WalletCard.fetchCount(db) } == 0)
            #expect(try database.read { db in try CardBenefit.fetchCount(db) } == 0)
        }
    }

    @Test("the catalogue browser groups by issuer and searches")
    func browse() async throws {
        try await TestApp.run { browser, _ in
            try await browser.signUp(email: "ann@example.com")
            let all = try await browser.get("/wallet/cards/new")
            #expect(all.html.contains("American Express"))
            #expect(all.html.contains("Capital One"))
            #expect(all.html.contains("Card database 1.1.0, updated Nov 25, 2026"))
            let search = try await browser.get("/wallet/cards/new?q=sapphire")
            #expect(search.html.contains("Sapphire Reserve"))
            #expect(search.html.contains("Sapphire Preferred"))
            #expect(!search.html.contains("Venture X"))
            let twoWords = try await browser.get("/wallet/cards/new?q=sapphire+reserve")
            #expect(twoWords.html.contains("Sapphire Reserve"))
            #expect(!twoWords.html.contains("Sapphire Preferred"))
            #expect(try await browser.get("/wallet/catalogue/nope").status == .notFound)
        }
    }

    @Test("a second user never sees or changes the first user's cards and benefits")
    func isolation() async throws {
        try await TestApp.run { browser, database in
            try await browser.signUp(email: "ann@example.com")
            let id = try await browser.addCatalogueCard("amex-gold")
            let benefit = try #require(try await database.benefitIds(cardId: id)["Dining Credit"])
            try await browser.logOut()
            try await browser.signUp(email: "bob@example.com")
            try await browser.get("/profile/notifications")
            for path in [
                "/wallet/cards/\(id)", "/wallet/cards/\(id)/edit", "/wallet/cards/\(id)/delete",
                "/wallet/cards/\(id)/benefits",
            ] {
                #expect(try await browser.get(path).status == .notFound, "\(path)")
            }
            try await browser.get("/profile/notifications")
            for path in [
                "/wallet/cards/\(id)/edit", "/wallet/cards/\(id)/delete", "/wallet/cards/\(id)/benefits",
                "/wallet/benefits/\(benefit)/use", "/wallet/benefits/\(benefit)/unuse",
                "/wallet/benefits/\(benefit)/snooze",
                "/wallet/benefits/\(benefit)/delete",
            ] {
                #expect(try await browser.post(path, [("name", "Mine"), ("days", "1")]).status == .notFound, "\(path)")
            }
            let wallet = try await browser.get("/wallet")
            #expect(!wallet.html.contains("/wallet/cards/\(id)"))
            #expect(try database.read { db in try BenefitUse.fetchCount(db) } == 0)
            #expect(try database.read { db in try WalletCard.fetchCount(db) } == 1)
            let snoozed = try database.read { db -> String? in
                try Row.fetchOne(db, sql: "SELECT snoozedUntil FROM cardBenefit WHERE id = ?", arguments: [benefit])?[
                    "snoozedUntil"
                ]
            }
            #expect(snoozed == nil)
        }
    }

    @Test("wallet settings show the catalogue version and date and lead to the notification settings")
    func settings() async throws {
        try await TestApp.run { browser, database in
            try await browser.signUp(email: "ann@example.com")
            let page = try await browser.get("/wallet/settings")
            #expect(page.html.contains("1.1.0"))
            #expect(page.html.contains("Nov 25, 2026"))
            #expect(page.html.contains("href=\"/profile/notifications\""))
        }
    }
}

/// Removing a benefit (and its recorded uses) or deleting a coupon asks first, saying what goes.
@Suite("Wallet deletes ask first")
struct WalletConfirmTests {
    @Test("Remove benefit opens a page that says which uses go with it; only its button removes anything")
    func removeBenefitConfirms() async throws {
        try await TestApp.run { browser, database in
            try await browser.signUp(email: "ann@example.com")
            let card = try await browser.addCatalogueCard("amex-platinum")
            let uber = try #require(try await database.benefitIds(cardId: card)["Uber Cash"])
            try await browser.get("/wallet/cards/\(card)")
            try await browser.post("/wallet/benefits/\(uber)/use")

            // A benefit's menu links to the confirmation instead of removing at once
            let hotel = try #require(try await database.benefitIds(cardId: card)["Hotel Credit"])
            let detail = try await browser.get("/wallet/cards/\(card)")
            #expect(
                detail.document.contains(
                    "a",
                    attributes: ["class": "menu__item menu__item--danger", "href": "/wallet/benefits/\(hotel)/delete"],
                    text: "Remove benefit…"
                )
            )
            let confirm = try await browser.get("/wallet/benefits/\(uber)/delete")
            #expect(confirm.status == .ok)
            #expect(confirm.html.contains("Remove “Uber Cash”?"))
            #expect(confirm.html.contains("Its one recorded use ($15.00) goes with it, so Platinum Card"))
            #expect(confirm.document.form(action: "/wallet/benefits/\(uber)/delete")?.method == "post")
            #expect(confirm.html.contains("href=\"/wallet/cards/\(card)\">Cancel</a>"))
            #expect(
                try database.read { db in try CardBenefit.fetchOne(db, key: uber) } != nil,
                "looking removes nothing"
            )

            let removed = try await browser.post("/wallet/benefits/\(uber)/delete")
            #expect(removed.status == .seeOther)
            #expect(try database.read { db in try CardBenefit.fetchOne(db, key: uber) } == nil)
            #expect(try database.read { db in try BenefitUse.fetchCount(db) } == 0)

            // Another member can neither look nor remove
            let other = Browser(client: browser.client)
            try await other.signUp(name: "Bob", email: "bob@example.com")
            #expect(try await other.get("/wallet/benefits/\(hotel)/delete").status == .notFound)
            try await other.get("/wallet")
            #expect(try await other.post("/wallet/benefits/\(hotel)/delete").status == .notFound)
            #expect(try database.read { db in try CardBenefit.fetchOne(db, key: hotel) } != nil)
        }
    }

    @Test("Delete on a coupon opens a page that asks first; only its button deletes")
    func deleteCouponConfirms() async throws {
        try await TestApp.run { browser, database in
            try await browser.signUp(email: "ann@example.com")
            try await browser.get("/wallet/coupons/new")
            try await browser.post(
                "/wallet/coupons",
                [("name", "BOGO Burger"), ("expiresOn", "2026-12-02"), ("category", "Dining")]
            )
            let id = try #require(
                try database.read { db in try Int64.fetchOne(db, sql: "SELECT id FROM coupon") }
            )

            let list = try await browser.get("/wallet/tracker?tab=coupons")
            #expect(
                list.html.contains(
                    "href=\"/wallet/coupons/\(id)/delete\" aria-label=\"Delete BOGO Burger…\">Delete…</a>"
                )
            )
            let confirm = try await browser.get("/wallet/coupons/\(id)/delete")
            #expect(confirm.status == .ok)
            #expect(confirm.html.contains("Delete “BOGO Burger”?"))
            #expect(try database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM coupon") } == 1)

            #expect(try await browser.post("/wallet/coupons/\(id)/delete").status == .seeOther)
            #expect(try database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM coupon") } == 0)
        }
    }
}
