import Foundation
import GRDB

/// Demo wallet: 20 cards with about 150 benefits (some used), 50 subscriptions and 500 coupons, so the wallet
/// pages can be tried and measured on a full wallet. Deterministic; skipped when the wallet already has cards.
enum WalletDemoData {
    static let cardCount = 20
    static let benefitTarget = 150
    static let subscriptionCount = 50
    static let couponCount = 500

    /// The catalogue from `STASHIFY_RESOURCES_DIR`, the current folder, or the source tree the binary was built from.
    static func catalogue() throws -> CardCatalogue {
        let sourceRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
        let folders = [ProcessInfo.processInfo.environment["STASHIFY_RESOURCES_DIR"], ".", sourceRoot].compactMap { $0 }
        let found = folders.first { FileManager.default.fileExists(atPath: CardCatalogue.path(resourcesDirectory: $0)) }
        return try CardCatalogue.load(path: CardCatalogue.path(resourcesDirectory: found ?? "."))
    }

    static func fill(database: AppDatabase, userId: Int64, today: CalendarDay, now: Date) async throws {
        let catalogue = try catalogue()
        try await database.write { db in
            let existing =
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM walletCard WHERE userId = ?", arguments: [userId]) ?? 0
            guard existing == 0, !catalogue.cards.isEmpty else { return }
            var rng = SeededGenerator(seed: 0x5A11E7)
            let nicknames = ["", "Personal", "Business", "Travel", "Household", ""]
            var benefits: [(CardBenefit, WalletCard)] = []
            var cards: [WalletCard] = []
            for index in 0..<cardCount {
                let source = catalogue.cards[index % catalogue.cards.count]
                let anniversary = today.adding(days: Int.random(in: 5...360, using: &rng))
                var card = WalletController.walletCard(from: source, userId: userId, now: now)
                card.card.nickname = index < catalogue.cards.count ? nicknames[index % nicknames.count] : "Second"
                card.card.feeDueOn = source.annualFeeCents > 0 ? anniversary.description : nil
                let inserted = try card.card.inserted(db)
                cards.append(inserted)
                for (order, benefit) in card.benefits.enumerated() {
                    var row = benefit
                    row.cardId = inserted.id ?? 0
                    row.sortOrder = order
                    row.createdAt = now.addingTimeInterval(-400 * 86_400)
                    benefits.append((try row.inserted(db), inserted))
                }
            }
            // Top up to about 150 benefits with small monthly and quarterly perks.
            let extras = [
                "Streaming Credit", "Coffee Credit", "Grocery Credit", "Wireless Credit", "Fitness Credit",
                "Rideshare Credit",
            ]
            var extra = 0
            while benefits.count < benefitTarget {
                let card = cards[extra % cards.count]
                let period: BenefitPeriod = extra % 3 == 0 ? .quarterly : .monthly
                let row = try CardBenefit(
                    id: nil,
                    cardId: card.id ?? 0,
                    userId: userId,
                    name: extras[extra % extras.count],
                    details: "",
                    valueCents: Int64([500, 1_000, 1_500, 2_500][extra % 4]),
                    period: period,
                    sortOrder: 100 + extra,
                    snoozedUntil: nil,
                    createdAt: now.addingTimeInterval(-400 * 86_400)
                ).inserted(db)
                benefits.append((row, card))
                extra += 1
            }
            // About a third used this period, and a year of earlier uses for the fee's return.
            let use = try db.makeStatement(
                sql: """
                    INSERT OR IGNORE INTO benefitUse (benefitId, cardId, userId, periodStart, usedOn, valueCents, createdAt)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    """
            )
            for (benefit, card) in benefits {
                let added = benefit.addedOn(in: TimeZone(secondsFromGMT: 0) ?? .current)
                var window = benefit.period.window(containing: today, anniversary: card.anniversary, added: added)
                var first = true
                for _ in 0..<12 {
                    if Int.random(in: 0..<3, using: &rng) == 0 || (!first && Int.random(in: 0..<2, using: &rng) == 0) {
                        let usedOn = min(today, window.start.adding(days: Int.random(in: 0...5, using: &rng)))
                        try use.execute(arguments: [
                            benefit.id, benefit.cardId, userId, window.start.description,
                            usedOn.description, benefit.valueCents, now,
                        ])
                    }
                    first = false
                    window = window.previous(benefit.period, anniversary: card.anniversary, added: added)
                    if window.end < today.adding(days: -366) { break }
                }
            }
            let services = SubscriptionTemplate.all
            for index in 0..<subscriptionCount {
                let template = services[index % services.count]
                let frequency =
                    index % 7 == 0
                    ? RenewalFrequency.yearly
                    : index % 13 == 0
                        ? .quarterly
                        : template.frequency
                let renews = today.adding(days: Int.random(in: -200...40, using: &rng))
                var subscription = Subscription(
                    id: nil,
                    userId: userId,
                    name: index < services.count ? template.name : "\(template.name) \(index / services.count + 1)",
                    amountCents: template.amountCents + Int64(index % 5) * 100,
                    frequency: frequency,
                    renewsOn: renews.description,
                    cardId: index % 3 == 0 ? cards[index % cards.count].id : nil,
                    category: template.category,
                    icon: template.key,
                    createdAt: now,
                    updatedAt: now
                )
                // Renewals are expected in forecasts; one in ten posts its charge by itself.
                subscription.postsCharge = index % 10 == 0
                try MemberStore.keepSchedule(
                    MemberDatabase(db: db, userId: userId),
                    for: &subscription,
                    today: today,
                    now: now
                )
            }
            let couponNames = [
                "BOGO Burger", "$5 Off $25", "20% Off", "Free Coffee", "Free Delivery", "$10 Off Groceries",
                "2-for-1 Movie", "15% Off Shoes", "Free Dessert", "$3 Off Car Wash",
            ]
            let statement = try db.makeStatement(
                sql: """
                    INSERT INTO coupon (userId, name, details, expiresOn, category, valueCents, code, usedOn, createdAt)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """
            )
            for index in 0..<couponCount {
                let expires = today.adding(days: Int.random(in: -120...120, using: &rng))
                let used: String? =
                    Int.random(in: 0..<4, using: &rng) == 0 ? min(expires, today).adding(days: -1).description : nil
                try statement.execute(arguments: [
                    userId, couponNames[index % couponNames.count], index % 2 == 0 ? "In store or online" : "",
                    expires.description, CouponRules.categories[index % CouponRules.categories.count],
                    index % 3 == 0 ? nil : Int64(100 * (1 + index % 20)), index % 4 == 0 ? "SAVE\(index)" : "", used,
                    now,
                ])
            }
            try WalletSettings(userId: userId, onboardingDone: true).save(db)
        }
    }
}
