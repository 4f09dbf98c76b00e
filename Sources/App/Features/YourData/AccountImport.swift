import Foundation
import GRDB

/// Why an export or a bank statement can't be imported, told in words for the person who chose the file by
/// `message(_:)`. Nothing was changed.
struct ImportProblem: Error, Equatable {
    enum Reason: Equatable {
        case noArchive
        case archiveTooLarge(megabytes: Int)
        case accountHasData
        case busy
        case interrupted
        case archiveNotMade
        case notZip
        case noDocument(String)
        case documentTooLarge(String, megabytes: Int)
        case tooPacked
        case zipDamaged(String)
        case notExport
        case newerVersion(Int)
        case unknownVersion(Int)
        case damagedJSON
        case unreadable
        /// A place in the file (`ledger item 3 amountCents`), as the file names it.
        case missing(String)
        case wrongType(String)
        case empty(String)
        case damaged(String)
        case itemTooLarge(String, megabytes: Int)
        /// What in the file breaks the app's rules, as the file names it (`ledger item 3 names stash 9, …`).
        case invalid(String)
        case noStatement
        case statementTooLarge(megabytes: Int)
        case unclosedQuote
        case fewColumns
        case noRows
        case tooManyRows(Int, maximum: Int)
        /// A cell too long, in the header (row nil) or a row.
        case longCell(row: Int?, length: Int, maximum: Int)
        case tooManyColumns(Int, maximum: Int)
    }

    let reason: Reason
    init(_ reason: Reason) { self.reason = reason }

    static let accountHasData = ImportProblem(.accountHasData)
    static let busy = ImportProblem(.busy)

    /// The problem in `t`'s language. Places and rules named by the file stay as the file names them.
    func message(_ t: Words) -> String {
        let n = t.format.number
        return switch reason {
        case .noArchive: t["data.problems.no_archive"]
        case .archiveTooLarge(let megabytes): t["data.problems.archive_too_large", ["megabytes": n(megabytes)]]
        case .accountHasData: t["data.problems.account_has_data"]
        case .busy: t["data.problems.busy"]
        case .interrupted: t["data.problems.interrupted"]
        case .archiveNotMade: t["data.problems.archive_not_made"]
        case .notZip: t["data.problems.not_zip"]
        case .noDocument(let name): t["data.problems.no_document", ["file": name]]
        case .documentTooLarge(let name, let megabytes):
            t["data.problems.document_too_large", ["file": name, "megabytes": n(megabytes)]]
        case .tooPacked: t["data.problems.too_packed"]
        case .zipDamaged(let name): t["data.problems.zip_damaged", ["file": name]]
        case .notExport: t["data.problems.not_export"]
        case .newerVersion(let version): t["data.problems.newer_version", ["version": String(version)]]
        case .unknownVersion(let version): t["data.problems.unknown_version", ["version": String(version)]]
        case .damagedJSON: t["data.problems.damaged_json"]
        case .unreadable: t["data.problems.unreadable"]
        case .missing(let place): t["data.problems.missing", ["place": place]]
        case .wrongType(let place): t["data.problems.wrong_type", ["place": place]]
        case .empty(let place): t["data.problems.empty", ["place": place]]
        case .damaged(let place): t["data.problems.damaged", ["place": place]]
        case .itemTooLarge(let place, let megabytes):
            t["data.problems.item_too_large", ["place": place, "megabytes": n(megabytes)]]
        case .invalid(let what): t["data.problems.invalid", ["what": what]]
        case .noStatement: t["data.problems.no_statement"]
        case .statementTooLarge(let megabytes): t["data.problems.statement_too_large", ["megabytes": n(megabytes)]]
        case .unclosedQuote: t["data.problems.unclosed_quote"]
        case .fewColumns: t["data.problems.few_columns"]
        case .noRows: t["data.problems.no_rows"]
        case .tooManyRows(let rows, let maximum):
            t["data.problems.too_many_rows", ["rows": n(rows), "maximum": n(maximum)]]
        case .longCell(let row?, let length, let maximum):
            t["data.problems.long_cell", ["row": n(row), "length": n(length), "maximum": n(maximum)]]
        case .longCell(nil, let length, let maximum):
            t["data.problems.long_header", ["length": n(length), "maximum": n(maximum)]]
        case .tooManyColumns(let columns, let maximum):
            t["data.problems.too_many_columns", ["columns": n(columns), "maximum": n(maximum)]]
        }
    }
}

extension MemberStore {
    /// Whether the member has nothing of their own yet (the default categories and settings aside), so an export
    /// can be imported without mixing or doubling anything.
    func accountIsEmpty() throws -> Bool {
        try read { member in try AccountDocument.accountIsEmpty(member) }
    }
}

extension AccountDocument {
    static func accountIsEmpty(_ member: MemberDatabase) throws -> Bool {
        let (db, userId) = (member.db, member.userId)
        if try MemberStore.hasRows(
            member,
            in: ["ledger", "stash", "account", "incomeSource", "walletCard", "subscription", "coupon", "schedule"]
        ) {
            return false
        }
        return try Bool.fetchOne(
            db,
            sql: "SELECT EXISTS (SELECT 1 FROM category WHERE userId = ? AND NOT isDefault)",
            arguments: [userId]
        ) == false
    }

    /// The rules the forms hold to, checked for every record before anything is written.
    func check() throws {
        func problem(_ place: String, _ what: String) -> ImportProblem {
            ImportProblem(.invalid("\(place) \(what)"))
        }
        func day(_ text: String?, _ place: String) throws {
            if let text, CalendarDay(text) == nil {
                throw problem(place, "has \"\(text)\", which isn't a date (YYYY-MM-DD)")
            }
        }
        func month(_ text: String?, _ place: String) throws {
            if let text, Month(text) == nil { throw problem(place, "has \"\(text)\", which isn't a month (YYYY-MM)") }
        }
        func text(_ text: String?, _ place: String, required: Bool = false, limit: Int = 1_000) throws {
            if required, (text ?? "").trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                throw problem(place, "has no name")
            }
            if let text, text.count > limit { throw problem(place, "has a text longer than \(limit) characters") }
        }
        func cents(_ value: Int64?, _ place: String, negative: Bool = false) throws {
            guard let value else { return }
            if abs(value) > 100_000_000_000_000 || (!negative && value < 0) {
                throw problem(place, "has an amount out of range")
            }
        }
        func refs(_ refs: [Int], _ what: String) throws -> Set<Int> {
            let set = Set(refs)
            guard set.count == refs.count else {
                throw ImportProblem(.invalid("two \(what) have the same ref"))
            }
            return set
        }
        func ref(_ value: Int?, in set: Set<Int>, _ place: String, _ what: String) throws {
            if let value, !set.contains(value) {
                throw problem(place, "names \(what) \(value), which isn't in the file")
            }
        }

        try text(profile.name, "the profile", required: true, limit: 200)
        if let region = profile.region, Region(region) == nil {
            throw problem("the profile", "has an unknown region \"\(region)\"")
        }
        if let language = profile.language, Language(rawValue: language) == nil {
            throw problem("the profile", "has an unknown language \"\(language)\"")
        }
        if let buffer = profile.safeBufferCents, !(0...AmountGrammar.maximumMajorUnits * 1_000).contains(buffer) {
            throw problem("the profile", "has a safe-to-spend buffer out of range")
        }
        guard TimeZone(identifier: profile.timeZone) != nil else {
            throw problem("the profile", "has an unknown time zone \"\(profile.timeZone)\"")
        }
        guard Currency.all.contains(where: { $0.code == profile.currency }) else {
            throw problem("the profile", "has an unknown currency \"\(profile.currency)\"")
        }
        try month(profile.spendJudgedThrough, "the profile")
        let categoryRefs = try refs(categories.map(\.ref), "categories")
        for (index, item) in categories.enumerated() {
            try text(item.name, "category \(index + 1)", required: true, limit: 200)
        }
        let accountRefs = try refs(accounts.map(\.ref), "accounts")
        for (index, item) in accounts.enumerated() {
            try text(item.name, "account \(index + 1)", required: true, limit: 200)
            try cents(item.openingBalanceCents, "account \(index + 1)", negative: true)
            try day(item.reconciledOn, "account \(index + 1)")
            if let reconciled = item.reconciledCents {
                try cents(reconciled, "account \(index + 1)", negative: true)
            }
        }
        let schedulePlaces = Set(schedules.indices.map { $0 + 1 })
        let incomeSourceRefs = try refs(incomeSources.map(\.ref), "income sources")
        for (index, item) in incomeSources.enumerated() {
            try text(item.name, "income source \(index + 1)", required: true, limit: 200)
            try cents(item.amountCents, "income source \(index + 1)")
            if let paid = item.paidOn { try day(paid, "income source \(index + 1)") }
            try ref(item.schedule, in: schedulePlaces, "income source \(index + 1)", "schedule")
        }
        let stashRefs = try refs(stashes.map(\.ref), "stashes")
        for (index, stash) in stashes.enumerated() {
            let place = "stash \(index + 1) (\(stash.name))"
            try text(stash.name, place, required: true, limit: 200)
            try cents(stash.goalCents, place)
            try text(stash.category, place, limit: 200)
            try ref(stash.categoryRef, in: categoryRefs, place, "category")
            for target in stash.targets {
                try month(target.month, place)
                try cents(target.amountCents, place)
            }
            guard Set(stash.targets.map(\.month)).count == stash.targets.count else {
                throw problem(place, "has two targets for one month")
            }
        }
        var arrivals = Set<Int>()
        for (index, row) in ledger.enumerated() {
            let place = "ledger item \(index + 1)"
            try day(row.date, place)
            try cents(row.amountCents, place)
            try text(row.note, place)
            try text(row.payee, place, limit: 100)
            for tag in row.tags ?? [] {
                try text(tag, place, required: true, limit: TagRules.longest)
                guard !tag.contains(",") else { throw problem(place, "has a tag with a comma in it") }
            }
            guard (row.tags ?? []).count <= TagRules.most else {
                throw problem(place, "has more than \(TagRules.most) tags")
            }
            try ref(row.stash, in: stashRefs, place, "stash")
            try ref(row.category, in: categoryRefs, place, "category")
            try ref(row.account, in: accountRefs, place, "account")
            // A split's part names its first part: itself, or an earlier row that names itself.
            if let split = row.split {
                guard split >= 1, split <= index + 1, split == index + 1 || ledger[split - 1].split == split else {
                    throw problem(place, "names split \(split), which isn't the first part of a split")
                }
            }
            // An arriving transfer names the earlier row it left (a transfer or a saving), and no row arrives twice.
            switch (row.kind, row.pair) {
            case (.transferIn, let pair?):
                guard pair >= 1, pair <= index, [.transfer, .saving].contains(ledger[pair - 1].kind) else {
                    throw problem(place, "names pair \(pair), which isn't an earlier transfer or saving")
                }
                guard arrivals.insert(pair).inserted else {
                    throw problem(place, "is a second arrival of ledger item \(pair)")
                }
            case (.transferIn, nil):
                throw problem(place, "is an arriving transfer without its pair")
            case (_, let pair?):
                throw problem(place, "names pair \(pair), but only an arriving transfer has one")
            case (_, nil):
                break
            }
        }
        var badgeKeys = Set<String>()
        for (index, badge) in badges.enumerated() {
            let place = "badge \(index + 1)"
            try ref(badge.stash, in: stashRefs, place, "stash")
            try month(badge.month, place)
            try day(badge.completedOn, place)
            guard badgeKeys.insert("\(badge.stash) \(badge.month)").inserted else {
                throw problem(place, "is a second badge for one stash and month")
            }
        }
        let cardRefs = try refs(cards.map(\.ref), "cards")
        for (index, card) in cards.enumerated() {
            let place = "card \(index + 1) (\(card.name))"
            try text(card.name, place, required: true, limit: 200)
            try cents(card.annualFeeCents, place)
            if let code = card.currency, Currency.find(code) == nil {
                throw problem(place, "has an unknown currency \"\(code)\"")
            }
            try day(card.feeDueOn, place)
            for benefit in card.benefits {
                try text(benefit.name, place + ", benefit \(benefit.name)", required: true, limit: 200)
                try cents(benefit.valueCents, place)
                try day(benefit.snoozedUntil, place)
                for use in benefit.uses {
                    try day(use.periodStart, place)
                    try day(use.usedOn, place)
                    try cents(use.valueCents, place)
                }
                guard Set(benefit.uses.map(\.periodStart)).count == benefit.uses.count else {
                    throw problem(place, "has a benefit used twice in one period")
                }
            }
        }
        for (index, item) in subscriptions.enumerated() {
            let place = "subscription \(index + 1)"
            try text(item.name, place, required: true, limit: 200)
            try cents(item.amountCents, place)
            try day(item.renewsOn, place)
            try ref(item.card, in: cardRefs, place, "card")
            try ref(item.schedule, in: schedulePlaces, place, "schedule")
        }
        for (index, item) in coupons.enumerated() {
            let place = "coupon \(index + 1)"
            try text(item.name, place, required: true, limit: 200)
            try day(item.expiresOn, place)
            try day(item.usedOn, place)
            try cents(item.valueCents, place)
        }
        for (index, item) in schedules.enumerated() {
            let place = "schedule \(index + 1) (\(item.name))"
            try text(item.name, place, required: true, limit: 200)
            try text(item.note, place)
            guard Recurrence(rule: item.rule) != nil else { throw problem(place, "has a rule this version can't read") }
            guard [.expense, .income, .saving].contains(item.kind) else {
                throw problem(place, "has the kind \"\(item.kind.rawValue)\", which a schedule can't post")
            }
            try day(item.startsOn, place)
            try day(item.nextOn, place)
            try cents(item.amountCents, place)
            try cents(item.maxCents, place)
            try ref(item.category, in: categoryRefs, place, "category")
            try ref(item.account, in: accountRefs, place, "account")
            try ref(item.stash, in: stashRefs, place, "stash")
            try ref(item.payday, in: incomeSourceRefs, place, "income source")
            for occurrence in item.occurrences {
                try day(occurrence.dueOn, place)
                try day(occurrence.postOn, place)
                try cents(occurrence.amountCents, place)
                if let position = occurrence.ledger, !(1...max(1, ledger.count)).contains(position) || ledger.isEmpty {
                    throw problem(place, "names ledger item \(position), which isn't in the file")
                }
            }
            guard Set(item.occurrences.map(\.dueOn)).count == item.occurrences.count else {
                throw problem(place, "has two occurrences on one day")
            }
        }
        for key in notRecurring {
            try text(key, "the answers \"Not recurring\"", required: true, limit: 200)
        }
        guard Set(notRecurring).count == notRecurring.count else {
            throw problem("the answers \"Not recurring\"", "name one description twice")
        }
        if let settings = walletSettings {
            guard ["off", "weekly", "monthly"].contains(settings.frequency), (1...7).contains(settings.weekday),
                (0...365).contains(settings.leadDays),
                [settings.reminderTime, settings.quietFrom, settings.quietTo].allSatisfy(Self.isTimeOfDay)
            else { throw problem("the notification settings", "aren't valid") }
        }
        guard Set(pushChannels.map(\.kind)).count == pushChannels.count else {
            throw problem("the push channels", "name one channel twice")
        }
        guard pushChannels.allSatisfy({ App.PushChannel.Kind.channels.contains($0.kind) }) else {
            throw problem("the push channels", "name a kind other than ntfy or webhook")
        }
    }

    /// `HH:MM`, 00:00 to 23:59.
    static func isTimeOfDay(_ text: String) -> Bool {
        let parts = text.split(separator: ":")
        guard text.count == 5, parts.count == 2, let hour = Int(parts[0]), let minute = Int(parts[1]) else {
            return false
        }
        return (0...23).contains(hour) && (0...59).contains(minute)
    }
}
