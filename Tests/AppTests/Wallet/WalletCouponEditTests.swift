import Foundation
import GRDB
import Testing

@testable import App

/// A coupon can be edited like it was added: every field.
@Suite("Wallet: editing coupons")
struct WalletCouponEditTests {
    @Test(
        "a coupon's edit form changes every field, refuses a past date unless it is the one it had, and is the owner's only"
    )
    func editCoupon() async throws {
        let clock = TestClock(TestClock.date("2026-11-22T10:00:00Z"))
        try await TestApp.run(clock: clock) { browser, database in
            // Given
            try await browser.signUp(email: "ann@example.com")
            try await browser.get("/wallet/coupons/new")
            try await browser.post(
                "/wallet/coupons",
                [
                    ("name", "BOGO Burger"), ("details", "Big Mac"), ("expiresOn", "2026-12-02"),
                    ("category", "Dining"),
                    ("value", "5"), ("code", "BOGO26"),
                ]
            )
            let id = try #require(
                try database.read { db in try Int64.fetchOne(db, sql: "SELECT id FROM coupon") }
            )
            let list = try await browser.get("/wallet/tracker?tab=coupons")
            #expect(list.html.contains("href=\"/wallet/coupons/\(id)/edit\" aria-label=\"Edit BOGO Burger\">Edit</a>"))

            // When: the form opens with every field
            let form = try await browser.get("/wallet/coupons/\(id)/edit")
            #expect(form.status == .ok)
            #expect(form.html.contains("Edit coupon"))
            #expect(form.fieldValue("name") == "BOGO Burger")
            #expect(form.fieldValue("details") == "Big Mac")
            #expect(form.fieldValue("expiresOn") == "2026-12-02")
            #expect(form.fieldValue("category") == "Dining")
            #expect(form.fieldValue("value") == "5.00")
            #expect(form.fieldValue("code") == "BOGO26")

            // Then: a new date that has passed is refused, what was typed stays
            let bad = try await browser.post(
                "/wallet/coupons/\(id)/edit",
                [
                    ("name", "Two Burgers"), ("details", ""), ("expiresOn", "2026-11-01"), ("category", "Dining"),
                    ("value", "x"), ("code", ""),
                ]
            )
            #expect(bad.status == .unprocessableContent)
            #expect(bad.fieldError("expiresOn") == "This date has passed; enter today or later.")
            #expect(bad.fieldError("value") == "Enter an amount like 12.50 or 1,234.56.")
            #expect(bad.fieldValue("name") == "Two Burgers")
            #expect(try database.read { db in try Coupon.fetchOne(db, key: id) }?.name == "BOGO Burger")

            // When: a good edit
            let saved = try await browser.post(
                "/wallet/coupons/\(id)/edit",
                [
                    ("name", "Two Burgers"), ("details", "Any burger"), ("expiresOn", "2026-12-24"),
                    ("category", "Shopping"),
                    ("value", "7.50"), ("code", "TWO4ONE"),
                ]
            )
            #expect(saved.status == .seeOther)
            #expect(saved.location == "/wallet/tracker?tab=coupons")
            let coupon = try #require(try database.read { db in try Coupon.fetchOne(db, key: id) })
            #expect(coupon.name == "Two Burgers")
            #expect(coupon.details == "Any burger")
            #expect(coupon.expiresOn == "2026-12-24")
            #expect(coupon.category == "Shopping")
            #expect(coupon.valueCents == 750)
            #expect(coupon.code == "TWO4ONE")
            let after = try await browser.get("/wallet/tracker?tab=coupons")
            #expect(after.html.contains("Saved Two Burgers."))
            #expect(after.html.contains("$7.50 off"))
            #expect(after.html.contains("TWO4ONE"))

            // An expired coupon can be renamed and keep its date
            try await database.write { db in
                try db.execute(sql: "UPDATE coupon SET expiresOn = '2026-11-20' WHERE id = ?", arguments: [id])
            }
            try await browser.get("/wallet/coupons/\(id)/edit")
            let kept = try await browser.post(
                "/wallet/coupons/\(id)/edit",
                [
                    ("name", "Old burger"), ("details", ""), ("expiresOn", "2026-11-20"), ("category", "Dining"),
                    ("value", ""), ("code", ""),
                ]
            )
            #expect(kept.status == .seeOther)
            #expect(try database.read { db in try Coupon.fetchOne(db, key: id) }?.name == "Old burger")

            // Another member gets a 404 and changes nothing
            let other = Browser(client: browser.client)
            try await other.signUp(name: "Bob", email: "bob@example.com")
            #expect(try await other.get("/wallet/coupons/\(id)/edit").status == .notFound)
            try await other.get("/wallet")
            let stolen = try await other.post(
                "/wallet/coupons/\(id)/edit",
                [
                    ("name", "Mine"), ("expiresOn", "2026-12-24"), ("category", "Dining"),
                ]
            )
            #expect(stolen.status == .notFound)
            #expect(try database.read { db in try Coupon.fetchOne(db, key: id) }?.name == "Old burger")
        }
    }
}
