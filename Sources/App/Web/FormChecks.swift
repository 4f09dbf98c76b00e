import Foundation

/// The checks every form's fields go through, each with one message per rule, recording the first problem of a
/// field in `FieldErrors`. A form's rules call these and add only what is its own (a choice among the user's
/// categories, a date that must not have passed).
extension FieldErrors {
    /// What an amount may be besides above zero.
    enum AmountRule {
        /// Above zero ("Enter an amount above zero.").
        case positive
        /// Zero or more (a fee, a salary).
        case zeroOrMore
        /// Any amount; a leading "-" or "−" makes it negative (an opening balance).
        case signed
    }

    /// How far ahead a date may be.
    enum DateWindow {
        /// Money that moved or is about to: no more than a year ahead.
        case ledger
        /// Something that comes later (a renewal, an expiry, a fee due): no more than five years ahead.
        case planning

        /// The last day the window takes.
        func lastDay(from today: CalendarDay) -> CalendarDay {
            switch self {
            case .ledger: today.adding(days: 366)
            case .planning: today.adding(days: 366 * 5)
            }
        }

        /// What the field says about a date past the window.
        func tooLateMessage(_ t: Words) -> String {
            switch self {
            case .ledger: t["errors.field.date_within_year"]
            case .planning: t["errors.field.date_within_five_years"]
            }
        }
    }

    /// `value` trimmed. Empty gets `required` (the field's own request, like "Enter a name.") when there is one;
    /// longer than `max` characters gets "Use at most N characters.". Messages are in `t`'s language.
    mutating func text(_ value: String?, field: String, required: String? = nil, max: Int) -> String {
        let text = (value ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        if text.isEmpty, let required {
            add(field, required)
        } else if text.count > max {
            add(field, t.plural("errors.field.too_long", count: max))
        }
        return text
    }

    /// `value` as cents in `currency`, typed in `grammar` (the member's region's way); nil when it is empty (an
    /// error if `required`) or wrong.
    mutating func amount(
        _ value: String?,
        field: String,
        currency: Currency,
        grammar: AmountGrammar,
        required: Bool = true,
        rule: AmountRule = .positive
    ) -> Int64? {
        var text = (value ?? "").trimmingCharacters(in: .whitespaces)
        if text.isEmpty && !required { return nil }
        var negative = false
        if rule == .signed, text.hasPrefix("-") || text.hasPrefix("−") {
            negative = true
            text = String(text.dropFirst()).trimmingCharacters(in: .whitespaces)
        }
        switch Money.parse(text, currency: currency, grammar: grammar) {
        case .success(let money) where money.cents > 0 || rule != .positive:
            return negative ? -money.cents : money.cents
        case .success:
            add(field, t["errors.field.amount_above_zero"])
        case .failure(let failure):
            add(field, grammar.message(failure, t: t))
        }
        return nil
    }

    /// `value` as a day from 1970 to the end of `window`; nil when it is empty (an error if `required`) or wrong.
    mutating func date(
        _ value: String?,
        field: String,
        today: CalendarDay,
        required: Bool = true,
        window: DateWindow
    ) -> CalendarDay? {
        let text = (value ?? "").trimmingCharacters(in: .whitespaces)
        if text.isEmpty {
            if required { add(field, t["errors.field.date_required"]) }
            return nil
        }
        // A date picker sends YYYY-MM-DD whatever it shows; a browser without one sends what was typed, so the
        // message gives the example as the app writes dates, and that is read too.
        guard let day = CalendarDay(text) ?? t.dates.day(from: text) else {
            add(field, t["errors.field.date_real", ["example": t.date(today)]])
            return nil
        }
        if day.year < 1970 {
            add(field, t["errors.field.date_from_1970"])
            return nil
        }
        if day > window.lastDay(from: today) {
            add(field, window.tooLateMessage(t))
            return nil
        }
        return day
    }
}

extension FieldErrors {
    /// `value` as one of `Choice`'s cases; when it isn't one, `message` (the field's own question, like "Choose
    /// Save or Spend.").
    mutating func choice<Choice: RawRepresentable>(
        _ value: String?,
        field: String,
        as: Choice.Type,
        message: String
    ) -> Choice? where Choice.RawValue == String {
        guard let choice = Choice(rawValue: value ?? "") else {
            add(field, message)
            return nil
        }
        return choice
    }

    /// `value` as a whole number within `range`; nil when it is empty, and `message` when it is anything else.
    mutating func wholeNumber(_ value: String?, field: String, range: ClosedRange<Int>, message: String) -> Int? {
        let text = (value ?? "").trimmingCharacters(in: .whitespaces)
        if text.isEmpty { return nil }
        guard let number = Int(text), range.contains(number) else {
            add(field, message)
            return nil
        }
        return number
    }

    /// `value` as a time of day on the 24-hour clock, exactly "HH:MM".
    mutating func clockTime(_ value: String?, field: String) -> String? {
        let text = value ?? ""
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isASCIIDigit) }),
            let hour = Int(parts[0]), let minute = Int(parts[1]), (0..<24).contains(hour), (0..<60).contains(minute)
        else {
            add(field, t["errors.field.time"])
            return nil
        }
        return text
    }
}
