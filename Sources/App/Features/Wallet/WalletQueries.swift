import Foundation
import GRDB

/// The wallet's reads and writes. Every query is scoped by the user's id.
extension MemberStore {
    // MARK: - Cards and benefits

    /// Cards, their benefits and the uses of the benefits' current and previous periods: three indexed reads,
    /// for all cards (`cardId` nil) or one.
    func walletSnapshot(cardId: Int64? = nil, today: CalendarDay) throws -> WalletSnapshot {
        try read { member in try Self.walletSnapshot(member, cardId: cardId, today: today) }
    }

    /// Home's wallet widgets' reads in one transaction. `.unchanged` when the wallet's revision is still `known`;
    /// otherwise the revision and the data, which is nil, after one query, when the user has no cards, no
    /// subscriptions and no coupon open through `last`.
    func walletWidgetData(
        today: CalendarDay,
        through last: CalendarDay,
        unlessRevision known: Int64?
    )
        throws -> WalletWidgetRead
    {
        try read { member in
            try Self.walletWidgetData(member, today: today, through: last, unlessRevision: known)
        }
    }

    static func walletWidgetData(
        _ member: MemberDatabase,
        today: CalendarDay,
        through last: CalendarDay,
        unlessRevision known: Int64?
    ) throws -> WalletWidgetRead {
        let (db, userId) = (member.db, member.userId)
        let revision =
            try Int64.fetchOne(
                db.cachedStatement(sql: "SELECT wallet FROM userRevision WHERE userId = ?"),
                arguments: [userId]
            ) ?? 0
        if revision == known { return .unchanged }
        let any =
            try Bool.fetchOne(
                db,
                sql: """
                    SELECT EXISTS (SELECT 1 FROM walletCard WHERE userId = ?)
                        OR EXISTS (SELECT 1 FROM subscription WHERE userId = ?)
                        OR EXISTS (SELECT 1 FROM coupon WHERE userId = ? AND usedOn IS NULL AND expiresOn BETWEEN ? AND ?)
                    """,
                arguments: [userId, userId, userId, today.description, last.description]
            ) ?? false
        guard any else { return .fresh(revision: revision, data: nil) }
        return .fresh(
            revision: revision,
            data: WalletWidgetData(
                snapshot: try walletSnapshot(member, cardId: nil, today: today),
                subscriptions: try subscriptions(member),
                coupons: try openCoupons(member, today: today, through: last, limit: 500),
                recent: try recentlyUsed(member)
            )
        )
    }

    /// The latest benefit uses and coupons used, the latest day first.
    static func recentlyUsed(_ member: MemberDatabase, limit: Int = 3) throws -> [RecentUse] {
        let (db, userId) = (member.db, member.userId)
        return try RecentUse.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT * FROM (
                        SELECT 1 AS isBenefit, u.benefitId AS id, b.name AS name, c.name AS cardName, c.nickname AS nickname,
                               c.currency AS currency, u.valueCents AS cents, u.usedOn AS usedOn, u.createdAt AS createdAt
                        FROM benefitUse u JOIN cardBenefit b ON b.id = u.benefitId JOIN walletCard c ON c.id = u.cardId
                        WHERE u.userId = ?
                        UNION ALL
                        SELECT 0, id, name, category, '', NULL, valueCents, usedOn, createdAt
                        FROM coupon WHERE userId = ? AND usedOn IS NOT NULL
                    ) ORDER BY usedOn DESC, createdAt DESC LIMIT ?
                    """
            ),
            arguments: [userId, userId, limit]
        )
    }

    static func walletSnapshot(_ member: MemberDatabase, cardId: Int64?, today: CalendarDay) throws -> WalletSnapshot {
        let (db, userId) = (member.db, member.userId)
        let cards: [WalletCard]
        let benefits: [CardBenefit]
        if let cardId {
            cards = try WalletCard.fetchAll(
                db.cachedStatement(
                    sql: """
                        SELECT * FROM walletCard WHERE id = ? AND userId = ?
                        """
                ),
                arguments: [cardId, userId]
            )
            benefits =
                cards.isEmpty
                ? []
                : try CardBenefit.fetchAll(
                    db.cachedStatement(
                        sql: """
                            SELECT * FROM cardBenefit WHERE userId = ? AND cardId = ? ORDER BY sortOrder, id
                            """
                    ),
                    arguments: [userId, cardId]
                )
        } else {
            cards = try WalletCard.fetchAll(
                db.cachedStatement(
                    sql: """
                        SELECT * FROM walletCard WHERE userId = ? ORDER BY id LIMIT 200
                        """
                ),
                arguments: [userId]
            )
            benefits = try CardBenefit.fetchAll(
                db.cachedStatement(
                    sql: """
                        SELECT * FROM cardBenefit WHERE userId = ? ORDER BY cardId, sortOrder, id LIMIT 2000
                        """
                ),
                arguments: [userId]
            )
        }
        let anniversaries = Dictionary(
            uniqueKeysWithValues: cards.compactMap { card in card.id.map { ($0, card.anniversary) } }
        )
        // Each benefit's use in its current period and, while it can still show as missed, the previous one: looked
        // up pair by pair in the (benefit, period start) index, instead of every use that starts on one of those days.
        // A four-yearly benefit's windows count from the day it was added where the user is: its few uses are all
        // read instead.
        var pairs: [any DatabaseValueConvertible] = []
        var fourYearly: [Int64] = []
        for benefit in benefits {
            guard let id = benefit.id else { continue }
            if benefit.period == .everyFourYears {
                fourYearly.append(id)
                continue
            }
            let periods = WalletState.periods(
                of: benefit.period,
                anniversary: anniversaries[benefit.cardId] ?? nil,
                today: today
            )
            pairs += [id, periods.current.start.description]
            if let previous = periods.previous { pairs += [id, previous.start.description] }
        }
        var uses: [BenefitUse] = []
        if !pairs.isEmpty {
            let values = Array(repeating: "(?, ?)", count: pairs.count / 2).joined(separator: ", ")
            uses = try BenefitUse.fetchAll(
                db.cachedStatement(
                    sql: """
                        SELECT benefitUse.* FROM (VALUES \(values)) AS wanted
                        CROSS JOIN benefitUse ON benefitUse.benefitId = wanted.column1 AND benefitUse.periodStart = wanted.column2
                        WHERE benefitUse.userId = ?
                        """
                ),
                arguments: StatementArguments(pairs + [userId])
            )
        }
        if !fourYearly.isEmpty {
            uses += try BenefitUse.fetchAll(
                db.cachedStatement(
                    sql: """
                        SELECT benefitUse.* FROM benefitUse
                        WHERE userId = ? AND benefitId IN (\(fourYearly.map { _ in "?" }.joined(separator: ", ")))
                        """
                ),
                arguments: StatementArguments([userId] + fourYearly)
            )
        }
        return WalletSnapshot(cards: cards, benefits: benefits, uses: uses)
    }

    /// The user's cards alone (payment-card choices, names on subscriptions).
    func walletCards() throws -> [WalletCard] {
        try read { db in
            try WalletCard.fetchAll(
                db,
                sql: "SELECT * FROM walletCard WHERE userId = ? ORDER BY name, id LIMIT 200",
                arguments: [userId]
            )
        }
    }

    func walletCard(id: Int64) throws -> WalletCard? {
        try record(WalletCard.self, id: id)
    }

    /// The catalogue ids already in the wallet.
    func walletCatalogueIds() throws -> Set<String> {
        try read { db in
            Set(
                try String.fetchAll(
                    db,
                    sql: "SELECT catalogueId FROM walletCard WHERE userId = ? AND catalogueId IS NOT NULL",
                    arguments: [userId]
                )
            )
        }
    }

    /// Value redeemed in the card year `start`…`end`: the uses dated in it, and a quarter of each four-yearly
    /// credit whose four years hold the card year's first day (its window started on or before it, less than four
    /// years before), so such a credit counts in each of its four years.
    func redeemedCents(cardId: Int64, from start: CalendarDay, through end: CalendarDay) throws -> Int64 {
        let fourYearsBefore = CardYear.occurrence(of: start, in: start.year - 4)
        let fourYearly = BenefitPeriod.everyFourYears.rawValue
        return try read { db in
            let dated =
                try Int64.fetchOne(
                    db,
                    sql: """
                        SELECT COALESCE(SUM(benefitUse.valueCents), 0) FROM benefitUse
                        JOIN cardBenefit ON cardBenefit.id = benefitUse.benefitId
                        WHERE benefitUse.cardId = ? AND benefitUse.usedOn BETWEEN ? AND ? AND benefitUse.userId = ?
                        AND cardBenefit.period <> ?
                        """,
                    arguments: [cardId, start.description, end.description, userId, fourYearly]
                ) ?? 0
            let spread =
                try Int64.fetchOne(
                    db,
                    sql: """
                        SELECT COALESCE(SUM(benefitUse.valueCents / 4), 0) FROM benefitUse
                        JOIN cardBenefit ON cardBenefit.id = benefitUse.benefitId
                        WHERE benefitUse.cardId = ? AND benefitUse.userId = ? AND cardBenefit.period = ?
                        AND benefitUse.periodStart <= ? AND benefitUse.periodStart > ?
                        """,
                    arguments: [cardId, userId, fourYearly, start.description, fourYearsBefore.description]
                ) ?? 0
            return dated + spread
        }
    }

    /// Adds cards with their benefits (a catalogue card, a custom card, or several from onboarding).
    @discardableResult
    func addCards(_ cards: [(card: WalletCard, benefits: [CardBenefit])]) async throws -> [WalletCard] {
        try await write { db in
            let cards = try cards.map {
                (card: try own($0.card, in: db), benefits: try $0.benefits.map { try own($0, in: db) })
            }
            var added: [WalletCard] = []
            for (card, benefits) in cards {
                let inserted = try card.inserted(db)
                guard let cardId = inserted.id else { continue }
                for (index, benefit) in benefits.enumerated() {
                    var row = benefit
                    row.cardId = cardId
                    row.userId = inserted.userId
                    row.sortOrder = index
                    try row.insert(db)
                }
                added.append(inserted)
            }
            return added
        }
    }

    /// Saves a card's details; its currency stays the one it was added in.
    func updateWalletCard(_ card: WalletCard) async throws {
        try await write { db in
            let card = try own(card, in: db)
            try db.execute(
                sql: """
                    UPDATE walletCard SET name = ?, issuer = ?, nickname = ?, gradientStart = ?, gradientEnd = ?,
                    annualFeeCents = ?, feeDueOn = ?, updatedAt = ? WHERE id = ? AND userId = ?
                    """,
                arguments: [
                    card.name, card.issuer, card.nickname, card.gradientStart, card.gradientEnd,
                    card.annualFeeCents, card.feeDueOn, card.updatedAt, card.id, card.userId,
                ]
            )
        }
    }

    /// Turns reminders about one of the member's cards on or off; false when it isn't theirs.
    func setCardReminders(id: Int64, on: Bool) async throws -> Bool {
        try await write { db in
            try db.execute(
                sql: "UPDATE walletCard SET notify = ? WHERE id = ? AND userId = ?",
                arguments: [on, id, userId]
            )
            return db.changesCount > 0
        }
    }

    func deleteWalletCard(id: Int64) async throws {
        try await write { db in
            try db.execute(sql: "DELETE FROM walletCard WHERE id = ? AND userId = ?", arguments: [id, userId])
        }
    }

    func cardBenefit(id: Int64) throws -> (CardBenefit, WalletCard)? {
        try read { db in
            guard
                let benefit = try CardBenefit.fetchOne(
                    db,
                    sql: "SELECT * FROM cardBenefit WHERE id = ? AND userId = ?",
                    arguments: [id, userId]
                ),
                let card = try WalletCard.fetchOne(
                    db,
                    sql: "SELECT * FROM walletCard WHERE id = ? AND userId = ?",
                    arguments: [benefit.cardId, userId]
                )
            else { return nil }
            return (benefit, card)
        }
    }

    func addBenefit(_ benefit: CardBenefit) async throws {
        try await write { db in
            let benefit = try own(benefit, in: db)
            var row = benefit
            row.sortOrder =
                (try Int.fetchOne(
                    db,
                    sql: "SELECT MAX(sortOrder) FROM cardBenefit WHERE cardId = ? AND userId = ?",
                    arguments: [benefit.cardId, benefit.userId]
                ) ?? -1) + 1
            try row.insert(db)
        }
    }

    /// How many uses of a benefit are recorded, and their value.
    func benefitUseTotals(benefitId: Int64) throws -> (count: Int, cents: Int64) {
        try read { db in
            let row = try Row.fetchOne(
                db,
                sql: """
                    SELECT COUNT(*) AS count, COALESCE(SUM(valueCents), 0) AS cents FROM benefitUse WHERE benefitId = ? AND userId = ?
                    """,
                arguments: [benefitId, userId]
            )
            return (row?["count"] ?? 0, row?["cents"] ?? 0)
        }
    }

    func deleteBenefit(id: Int64) async throws {
        try await write { db in
            try db.execute(sql: "DELETE FROM cardBenefit WHERE id = ? AND userId = ?", arguments: [id, userId])
        }
    }

    /// Records `cents` of a benefit as used on `day`, for the period starting `periodStart`; a second mark of the
    /// same period is ignored.
    func markBenefitUsed(
        _ benefit: CardBenefit,
        periodStart: CalendarDay,
        on day: CalendarDay,
        cents: Int64,
        now: Date
    ) async throws {
        try await write { db in
            let benefit = try own(benefit, in: db)
            try db.execute(
                sql: """
                    INSERT OR IGNORE INTO benefitUse (benefitId, cardId, userId, periodStart, usedOn, valueCents, createdAt)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    benefit.id, benefit.cardId, benefit.userId, periodStart.description, day.description,
                    cents, now,
                ]
            )
            try db.execute(
                sql: "UPDATE cardBenefit SET snoozedUntil = NULL WHERE id = ? AND userId = ?",
                arguments: [benefit.id, benefit.userId]
            )
        }
    }

    /// A benefit's recorded uses, the latest day first.
    func benefitUses(benefitId: Int64) throws -> [BenefitUse] {
        try read { db in
            try BenefitUse.fetchAll(
                db,
                sql: """
                    SELECT * FROM benefitUse WHERE benefitId = ? AND userId = ? ORDER BY usedOn DESC, id DESC LIMIT 1000
                    """,
                arguments: [benefitId, userId]
            )
        }
    }

    /// The use recorded for a benefit's period starting `periodStart`, if any.
    func benefitUse(benefitId: Int64, periodStart: CalendarDay) throws -> BenefitUse? {
        try read { db in
            try BenefitUse.fetchOne(
                db,
                sql: """
                    SELECT * FROM benefitUse WHERE benefitId = ? AND periodStart = ? AND userId = ?
                    """,
                arguments: [benefitId, periodStart.description, userId]
            )
        }
    }

    /// Saves a benefit's name, value, period and details. Recorded uses keep their amount and day (what was really
    /// redeemed); when the period changed, each moves to the new period holding its day (earliest first) unless
    /// another use is there already, so the benefit's state follows the new period and no use is lost.
    func updateBenefit(_ benefit: CardBenefit, anniversary: CalendarDay?, added: CalendarDay) async throws {
        try await write { db in
            let benefit = try own(benefit, in: db)
            try db.execute(
                sql: """
                    UPDATE cardBenefit SET name = ?, valueCents = ?, period = ?, details = ? WHERE id = ? AND userId = ?
                    """,
                arguments: [
                    benefit.name, benefit.valueCents, benefit.period, benefit.details, benefit.id,
                    benefit.userId,
                ]
            )
            let uses = try BenefitUse.fetchAll(
                db,
                sql: """
                    SELECT * FROM benefitUse WHERE benefitId = ? AND userId = ? ORDER BY usedOn, id
                    """,
                arguments: [benefit.id, benefit.userId]
            )
            var taken = Set(uses.map(\.periodStart))
            for use in uses {
                guard let day = CalendarDay(use.usedOn) else { continue }
                let start = benefit.period.window(containing: day, anniversary: anniversary, added: added).start
                    .description
                guard start != use.periodStart, !taken.contains(start) else { continue }
                try db.execute(
                    sql: "UPDATE benefitUse SET periodStart = ? WHERE id = ? AND userId = ?",
                    arguments: [start, use.id, benefit.userId]
                )
                taken.remove(use.periodStart)
                taken.insert(start)
            }
        }
    }

    func undoBenefitUse(_ benefit: CardBenefit, periodStart: CalendarDay) async throws {
        try await write { db in
            let benefit = try own(benefit, in: db)
            try db.execute(
                sql: "DELETE FROM benefitUse WHERE benefitId = ? AND userId = ? AND periodStart = ?",
                arguments: [benefit.id, benefit.userId, periodStart.description]
            )
        }
    }

    func snoozeBenefit(id: Int64, until: CalendarDay?) async throws {
        try await write { db in
            try db.execute(
                sql: "UPDATE cardBenefit SET snoozedUntil = ? WHERE id = ? AND userId = ?",
                arguments: [until?.description, id, userId]
            )
        }
    }

    // MARK: - Subscriptions

    func subscriptions() throws -> [Subscription] {
        try read { member in try Self.subscriptions(member) }
    }

    static func subscriptions(_ member: MemberDatabase) throws -> [Subscription] {
        let (db, userId) = (member.db, member.userId)
        return try Subscription.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT * FROM subscription WHERE userId = ? ORDER BY name LIMIT 500
                    """
            ),
            arguments: [userId]
        )
    }

    func subscription(id: Int64) throws -> Subscription? {
        try record(Subscription.self, id: id)
    }

    /// Deletes a subscription and the schedule it repeats as; what it posted stays in the ledger.
    func deleteSubscription(id: Int64) async throws {
        try await write { db in
            try db.execute(
                sql: """
                    DELETE FROM schedule WHERE userId = ? AND id = (SELECT scheduleId FROM subscription WHERE id = ? AND userId = ?)
                    """,
                arguments: [userId, id, userId]
            )
            try db.execute(sql: "DELETE FROM subscription WHERE id = ? AND userId = ?", arguments: [id, userId])
        }
    }

    // MARK: - Coupons

    /// Coupons not used and not yet expired, soonest first.
    func openCoupons(today: CalendarDay, through last: CalendarDay? = nil, limit: Int = 500) throws -> [Coupon] {
        try read { member in try Self.openCoupons(member, today: today, through: last, limit: limit) }
    }

    static func openCoupons(
        _ member: MemberDatabase,
        today: CalendarDay,
        through last: CalendarDay?,
        limit: Int
    ) throws -> [Coupon] {
        let (db, userId) = (member.db, member.userId)
        return try Coupon.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT * FROM coupon WHERE userId = ? AND usedOn IS NULL AND expiresOn BETWEEN ? AND ?
                    ORDER BY expiresOn, id LIMIT ?
                    """
            ),
            arguments: [
                userId, today.description, (last ?? CalendarDay(year: 9999, month: 12, day: 31)!).description,
                limit,
            ]
        )
    }

    /// Used and expired coupons, most recent first.
    func couponHistory(today: CalendarDay, limit: Int = 30) throws -> [Coupon] {
        try read { db in
            let expired = try Coupon.fetchAll(
                db,
                sql: """
                    SELECT * FROM coupon WHERE userId = ? AND usedOn IS NULL AND expiresOn < ? ORDER BY expiresOn DESC LIMIT ?
                    """,
                arguments: [userId, today.description, limit]
            )
            let used = try Coupon.fetchAll(
                db,
                sql: """
                    SELECT * FROM coupon WHERE userId = ? AND usedOn IS NOT NULL ORDER BY usedOn DESC LIMIT ?
                    """,
                arguments: [userId, limit]
            )
            return Array(
                (expired + used).sorted { ($0.usedOn ?? $0.expiresOn) > ($1.usedOn ?? $1.expiresOn) }.prefix(limit)
            )
        }
    }

    func coupon(id: Int64) throws -> Coupon? {
        try record(Coupon.self, id: id)
    }

    @discardableResult
    func addCoupon(_ coupon: Coupon) async throws -> Coupon {
        try await write { db in try own(coupon, in: db).inserted(db) }
    }

    func updateCoupon(_ coupon: Coupon) async throws {
        try await write { db in
            let coupon = try own(coupon, in: db)
            try db.execute(
                sql: """
                    UPDATE coupon SET name = ?, details = ?, expiresOn = ?, category = ?, valueCents = ?, code = ?
                    WHERE id = ? AND userId = ?
                    """,
                arguments: [
                    coupon.name, coupon.details, coupon.expiresOn, coupon.category, coupon.valueCents,
                    coupon.code, coupon.id, coupon.userId,
                ]
            )
        }
    }

    func markCouponUsed(id: Int64, on day: CalendarDay?) async throws {
        try await write { db in
            try db.execute(
                sql: "UPDATE coupon SET usedOn = ? WHERE id = ? AND userId = ?",
                arguments: [day?.description, id, userId]
            )
        }
    }

    func deleteCoupon(id: Int64) async throws {
        try await write { db in
            try db.execute(sql: "DELETE FROM coupon WHERE id = ? AND userId = ?", arguments: [id, userId])
        }
    }

    // MARK: - Settings

    func walletSettings() throws -> WalletSettings {
        try read { db in
            try WalletSettings.fetchOne(db, sql: "SELECT * FROM walletSettings WHERE userId = ?", arguments: [userId])
        } ?? WalletSettings(userId: userId)
    }

    func saveWalletSettings(_ settings: WalletSettings) async throws {
        var mine = settings
        mine.userId = userId
        try await write { [mine] db in try mine.save(db) }
    }
}

/// What `walletWidgetData` found.
enum WalletWidgetRead: Sendable {
    /// The wallet is as it was at the revision the caller knows.
    case unchanged
    /// The wallet's revision now, and its rows (nil when there is nothing to show).
    case fresh(revision: Int64, data: WalletWidgetData?)
}

/// The rows Home's wallet widgets are built from: every one comes from a table in `AppDatabase.walletTables`.
struct WalletWidgetData: Sendable {
    let snapshot: WalletSnapshot
    let subscriptions: [Subscription]
    let coupons: [Coupon]
    var recent: [RecentUse] = []
}

/// A benefit use or a used coupon, for Home's "Recently used". `cardName` is a coupon's category; `currency` is
/// the card's (nil for a coupon: the user's).
struct RecentUse: Sendable, Decodable, FetchableRecord {
    let isBenefit: Bool
    let id: Int64
    let name: String
    let cardName: String
    let nickname: String
    let currency: String?
    let cents: Int64?
    let usedOn: String
}

/// What the wallet pages read in one go.
struct WalletSnapshot: Sendable {
    let cards: [WalletCard]
    let benefits: [CardBenefit]
    let uses: [BenefitUse]
}

extension MemberStore {
    /// Marks the wallet's first-run guide as done.
    func endOnboarding() async throws {
        var settings = try walletSettings()
        guard !settings.onboardingDone else { return }
        settings.onboardingDone = true
        try await saveWalletSettings(settings)
    }
}
