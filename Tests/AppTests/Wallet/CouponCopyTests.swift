import Foundation
import Testing

@testable import App

/// A coupon's code has a Copy button beside it, hidden until the script shows it; the code itself stays selectable.
@Suite("Coupon code copy")
struct CouponCopyTests {
    @Test("a coupon with a code has a hidden Copy button carrying it; one without a code has none")
    func copyButton() async throws {
        try await TestApp.run { browser, database in
            try await browser.signUp(email: "ann@example.com")
            for (name, code) in [("Pizza", "SAVE<5>"), ("Burger", "")] {
                try await browser.get("/wallet/coupons/new")
                let added = try await browser.post(
                    "/wallet/coupons",
                    [
                        ("name", name), ("details", ""), ("expiresOn", "2026-11-25"), ("category", "Dining"),
                        ("value", "5"),
                        ("code", code),
                    ]
                )
                #expect(added.status == .seeOther)
            }
            let codes = try database.read { db in
                try String.fetchAll(db, sql: "SELECT code FROM coupon ORDER BY id")
            }
            #expect(codes == ["SAVE<5>", ""])

            let page = try await browser.get("/wallet/tracker?tab=coupons")
            #expect(page.status == .ok)
            let html = page.html
            #expect(
                html.contains(
                    "Code <code class=\"track__code\">SAVE&lt;5&gt;</code> <button class=\"button button--plain button--small copy-button\" type=\"button\" data-copy=\"SAVE&lt;5&gt;\" data-copied=\"Copied\" data-copied-status=\"Copied SAVE&lt;5&gt;\" data-copy-failed=\"Couldn&#39;t copy: select the code to copy it.\" hidden>Copy<span class=\"visually-hidden\"> the code SAVE&lt;5&gt;</span></button>"
                )
            )
            #expect(html.components(separatedBy: "copy-button").count == 2)
            #expect(HTMLPage(html).contains("script", attributes: ["src": "/js/wallet.js", "defer": ""], text: ""))

            // The script that shows the button and copies is served
            let script = try await browser.get("/js/wallet.js")
            #expect(script.status == .ok)
            #expect(script.html.contains("navigator.clipboard.writeText"))
            #expect(script.html.contains("\"Copied\""))
        }
    }
}
