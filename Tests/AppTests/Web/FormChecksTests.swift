import Foundation
import GRDB
import Testing

@testable import App

/// The checks every form shares: one message per rule, the same limits on every form.
@Suite("Form checks")
struct FormChecksTests {
    static let today = CalendarDay("2026-11-22")!

    @Test("text is trimmed, required only when asked, and limited by characters")
    func text() {
        var errors = FieldErrors(t: TestApp.words(.en))
        #expect(errors.text("  Trip \n", field: "a", max: 4) == "Trip")
        #expect(errors.text("   ", field: "b", max: 4) == "")
        #expect(errors.text(nil, field: "c", required: "Enter a name.", max: 4) == "")
        #expect(errors.text("éééé", field: "d", max: 4) == "éééé")
        _ = errors.text("Trips", field: "e", max: 4)
        #expect(errors["a"] == nil && errors["b"] == nil && errors["d"] == nil)
        #expect(errors["c"] == "Enter a name.")
        #expect(errors["e"] == "Use at most 4 characters.")
    }

    @Test(
        "amounts: one message for zero, the parser's for the rest, a sign only where asked",
        arguments: [
            ("12.50", FieldErrors.AmountRule.positive, true, Int64(1_250), nil),
            ("0", .positive, true, nil, "Enter an amount above zero."),
            ("0", .zeroOrMore, true, 0, nil),
            ("", .positive, true, nil, "Enter an amount."),
            ("", .positive, false, nil, nil),
            (" -12.50 ", .signed, true, -1_250, nil),
            ("− 3", .signed, true, -300, nil),
            ("-3", .positive, true, nil, "An amount can't be negative; enter it without the minus sign."),
            ("-3", .zeroOrMore, true, nil, "An amount can't be negative; enter it without the minus sign."),
            ("−\u{2009}3", .positive, true, nil, "An amount can't be negative; enter it without the minus sign."),
            ("1.234", .positive, true, nil, "Use at most 2 digits after the decimal point."),
        ] as [(String, FieldErrors.AmountRule, Bool, Int64?, String?)]
    )
    func amounts(text: String, rule: FieldErrors.AmountRule, required: Bool, cents: Int64?, message: String?) {
        var errors = FieldErrors(t: TestApp.words(.en))
        #expect(
            errors.amount(text, field: "amount", currency: .usd, grammar: .point, required: required, rule: rule)
                == cents
        )
        #expect(errors["amount"] == message)
    }

    @Test(
        "dates: 1970 on, and a year ahead for the ledger or five for what comes later",
        arguments: [
            ("2026-11-22", FieldErrors.DateWindow.ledger, "2026-11-22", nil),
            ("2027-11-23", .ledger, "2027-11-23", nil),
            ("2027-11-24", .ledger, nil, "Enter a date no more than a year ahead."),
            ("2031-11-20", .planning, "2031-11-20", nil),
            ("2031-11-28", .planning, nil, "Enter a date no more than five years ahead."),
            ("1969-12-31", .planning, nil, "Enter a date from 1970 on."),
            ("2026-02-30", .ledger, nil, "Enter a real date, like Nov 22, 2026."),
            ("Nov 22, 2026", .ledger, "2026-11-22", nil),
            ("Sun, Nov 22, 2026", .ledger, "2026-11-22", nil),
            (" 3 february 2026 ", .ledger, "2026-02-03", nil),
            ("Feb 30, 2026", .ledger, nil, "Enter a real date, like Nov 22, 2026."),
            ("22 Nv 2026", .ledger, nil, "Enter a real date, like Nov 22, 2026."),
            ("yesterday", .ledger, nil, "Enter a real date, like Nov 22, 2026."),
            ("", .ledger, nil, "Enter a date."),
        ] as [(String, FieldErrors.DateWindow, String?, String?)]
    )
    func dates(text: String, window: FieldErrors.DateWindow, day: String?, message: String?) {
        var errors = FieldErrors(t: TestApp.words(.en))
        #expect(errors.date(text, field: "date", today: Self.today, window: window)?.description == day)
        #expect(errors["date"] == message)
    }

    @Test("choices, whole numbers and clock times")
    func choicesNumbersTimes() {
        var errors = FieldErrors(t: TestApp.words(.en))
        #expect(errors.choice("spend", field: "a", as: Stash.Kind.self, message: "Choose Save or Spend.") == .spend)
        #expect(errors.choice("Spend", field: "b", as: Stash.Kind.self, message: "Choose Save or Spend.") == nil)
        #expect(errors.choice(nil, field: "c", as: Stash.Kind.self, message: "Choose Save or Spend.") == nil)
        #expect(errors.wholeNumber(" 42 ", field: "d", range: 13...120, message: "Age?") == 42)
        #expect(errors.wholeNumber("", field: "e", range: 13...120, message: "Age?") == nil)
        #expect(errors.wholeNumber("12", field: "f", range: 13...120, message: "Age?") == nil)
        #expect(errors.wholeNumber("4.5", field: "g", range: 1...30, message: "How many?") == nil)
        for good in ["00:00", "09:05", "23:59"] { #expect(errors.clockTime(good, field: "t-\(good)") == good) }
        for bad in ["24:00", "9:05", "09:60", "09:", ":05", "0905", "٠٩:٠٥", "+9:05", nil] {
            #expect(errors.clockTime(bad, field: "t-\(bad ?? "nil")") == nil)
            #expect(errors["t-\(bad ?? "nil")"] == "Enter a time like 09:00.")
        }
        #expect(errors["a"] == nil && errors["d"] == nil && errors["e"] == nil && errors["t-09:05"] == nil)
        #expect(errors["b"] == "Choose Save or Spend." && errors["c"] == "Choose Save or Spend.")
        #expect(errors["f"] == "Age?" && errors["g"] == "How many?")
    }

    @Test("every form takes the same rule with the same words: transactions, coupons, stashes and accounts")
    func formsAgree() async throws {
        try await TestApp.run { browser, database in
            try await browser.signUp(email: "ann@example.com")
            // A real date too far ahead says so, on a transaction as on a stash entry
            let rent = try await database.categoryId("Rent/Mortgage", kind: .needs, email: "ann@example.com")
            let late = try await browser.addTransaction(amount: "10", kind: "needs", category: rent, date: "2031-01-01")
            #expect(late.status == .unprocessableContent)
            #expect(late.fieldError("date") == "Enter a date no more than a year ahead.")
            // A coupon may run five years, not six
            let coupon = try await browser.post(
                "/wallet/coupons",
                [
                    ("name", "Gift card"), ("expiresOn", "2032-12-01"), ("category", "Dining"), ("value", "25"),
                ]
            )
            #expect(coupon.status == .unprocessableContent)
            #expect(coupon.fieldError("expiresOn") == "Enter a date no more than five years ahead.")
            #expect(
                try await browser.post(
                    "/wallet/coupons",
                    [
                        ("name", "Gift card"), ("expiresOn", "2030-12-01"), ("category", "Dining"), ("value", "25"),
                    ]
                ).status == .seeOther
            )
            // A zero target is an amount not above zero, like any other
            let stash = try await browser.post("/stashes", [("name", "Trip"), ("kind", "save"), ("target", "0")])
            #expect(stash.status == .unprocessableContent)
            #expect(stash.fieldError("target") == "Enter an amount above zero.")
            // An opening balance may be negative, with either minus sign
            #expect(
                try await browser.post(
                    "/accounts",
                    [("name", "Visa"), ("kind", "credit-card"), ("opening", "−1,200.50")]
                )
                .status == .seeOther
            )
            #expect(
                try database.read { db in
                    try Int64.fetchOne(db, sql: "SELECT openingBalanceCents FROM account WHERE name = 'Visa'")
                } == -120_050
            )
        }
    }
}
