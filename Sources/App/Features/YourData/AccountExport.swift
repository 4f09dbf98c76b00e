import Foundation
import GRDB

/// Reading every record of the member into an `AccountDocument`, in one snapshot.
extension MemberStore {
    func exportDocument(now: Date) throws -> AccountDocument {
        try read { member in try AccountDocument.read(member, now: now) }
    }
}

extension AccountDocument {
    static func read(_ member: MemberDatabase, now: Date) throws -> AccountDocument {
        let (db, userId) = (member.db, member.userId)
        guard let user = try Row.fetchOne(db, sql: "SELECT * FROM user WHERE id = ?", arguments: [userId]) else {
            throw NotTheMembersRecord()
        }
        /// Each table's refs: database id → position in its list, from 1.
        func refs(_ sql: String) throws -> [Int64: Int] {
            var refs: [Int64: Int] = [:]
            for (index, id) in try Int64.fetchAll(db, sql: sql, arguments: [userId]).enumerated() {
                refs[id] = index + 1
            }
            return refs
        }
        let categoryRefs = try refs("SELECT id FROM category WHERE userId = ? ORDER BY id")
        let accountRefs = try refs("SELECT id FROM account WHERE userId = ? ORDER BY id")
        let stashRefs = try refs("SELECT id FROM stash WHERE userId = ? ORDER BY id")
        let cardRefs = try refs("SELECT id FROM walletCard WHERE userId = ? ORDER BY id")
        let ref = { (refs: [Int64: Int], id: Int64?) in id.flatMap { refs[$0] } }

        var targets: [Int64: [Target]] = [:]
        for row in try Row.fetchAll(
            db,
            sql: """
                SELECT t.stashId, t.month, t.amountCents FROM stashTarget t JOIN stash s ON s.id = t.stashId
                WHERE s.userId = ? ORDER BY t.stashId, t.month
                """,
            arguments: [userId]
        ) {
            targets[row["stashId"], default: []].append(Target(month: row["month"], amountCents: row["amountCents"]))
        }
        var uses: [Int64: [BenefitUse]] = [:]
        for row in try Row.fetchAll(
            db,
            sql: "SELECT * FROM benefitUse WHERE userId = ? ORDER BY benefitId, periodStart",
            arguments: [userId]
        ) {
            uses[row["benefitId"], default: []].append(
                BenefitUse(
                    periodStart: row["periodStart"],
                    usedOn: row["usedOn"],
                    valueCents: row["valueCents"],
                    createdAt: row["createdAt"]
                )
            )
        }
        var benefits: [Int64: [Benefit]] = [:]
        for row in try Row.fetchAll(
            db,
            sql: "SELECT * FROM cardBenefit WHERE userId = ? ORDER BY cardId, sortOrder, id",
            arguments: [userId]
        ) {
            benefits[row["cardId"], default: []].append(
                Benefit(
                    name: row["name"],
                    details: row["details"],
                    valueCents: row["valueCents"],
                    period: row["period"],
                    sortOrder: row["sortOrder"],
                    snoozedUntil: row["snoozedUntil"],
                    createdAt: row["createdAt"],
                    uses: uses[row["id"]] ?? []
                )
            )
        }

        var ledger: [LedgerRow] = []
        // Each row's position in the list (from 1), which an arriving transfer names its leaving row by: the leaving
        // row is written first (same date, lower id), so it is always known by then.
        var positions: [Int64: Int] = [:]
        let cursor = try Row.fetchCursor(
            db,
            sql: """
                SELECT date, amountCents, kind, note, stashId, categoryId, accountId, createdAt, updatedAt, id, pairId,
                       clearing, payee, tags, splitId
                FROM ledger WHERE userId = ? ORDER BY date, id
                """,
            arguments: [userId]
        )
        while let row = try cursor.next() {
            positions[row[9]] = ledger.count + 1
            let pairId: Int64? = row[10]
            let clearing: LedgerEntry.Clearing = row[11]
            let payee: String = row[12]
            let tags = (row[13] as String).split(separator: ",").map(String.init)
            let splitId: Int64? = row[14]
            ledger.append(
                LedgerRow(
                    date: row[0],
                    amountCents: row[1],
                    kind: row[2],
                    note: row[3],
                    stash: ref(stashRefs, row[4]),
                    category: ref(categoryRefs, row[5]),
                    account: ref(accountRefs, row[6]),
                    createdAt: row[7],
                    updatedAt: row[8],
                    pair: pairId.flatMap { positions[$0] },
                    clearing: clearing == .open ? nil : clearing,
                    payee: payee.isEmpty ? nil : payee,
                    tags: tags.isEmpty ? nil : tags,
                    split: splitId.flatMap { positions[$0] }
                )
            )
        }

        // An income source's ref is its place (from 1) in `incomeSources`, which lists them by id.
        let incomeSourceRefs = Dictionary(
            uniqueKeysWithValues: try Int64.fetchAll(
                db,
                sql: "SELECT id FROM incomeSource WHERE userId = ? ORDER BY id",
                arguments: [userId]
            ).enumerated().map { ($1, $0 + 1) }
        )
        // A schedule is named by its place in `schedules` (from 1), which lists them by id.
        let schedulePlaces = Dictionary(
            uniqueKeysWithValues: try Int64.fetchAll(
                db,
                sql: "SELECT id FROM schedule WHERE userId = ? ORDER BY id",
                arguments: [userId]
            ).enumerated().map { ($1, $0 + 1) }
        )
        return AccountDocument(
            format: formatName,
            version: currentVersion,
            exportedAt: now,
            profile: Profile(
                name: user["name"],
                email: user["email"],
                location: user["location"],
                age: user["age"],
                salaryCents: user["salaryCents"],
                householdSize: user["householdSize"],
                currency: user["currency"],
                timeZone: user["timeZone"],
                theme: user["theme"],
                homeView: user["homeView"],
                spendJudgedThrough: user["spendJudgedThrough"],
                createdAt: user["createdAt"],
                region: user["region"],
                language: user["language"],
                safeBufferCents: user["safeBufferCents"]
            ),
            categories: try Row.fetchAll(
                db,
                sql: "SELECT * FROM category WHERE userId = ? ORDER BY id",
                arguments: [userId]
            ).map {
                Category(
                    ref: categoryRefs[$0["id"]] ?? 0,
                    name: $0["name"],
                    kind: $0["kind"],
                    icon: $0["icon"],
                    color: $0["color"],
                    sortOrder: $0["sortOrder"],
                    isDefault: $0["isDefault"],
                    isHidden: $0["isHidden"],
                    createdAt: $0["createdAt"]
                )
            },
            accounts: try Row.fetchAll(
                db,
                sql: "SELECT * FROM account WHERE userId = ? ORDER BY id",
                arguments: [userId]
            ).map {
                MoneyAccount(
                    ref: accountRefs[$0["id"]] ?? 0,
                    name: $0["name"],
                    kind: $0["kind"],
                    openingBalanceCents: $0["openingBalanceCents"],
                    createdAt: $0["createdAt"],
                    updatedAt: $0["updatedAt"],
                    reconciledOn: $0["reconciledOn"],
                    reconciledCents: $0["reconciledCents"]
                )
            },
            incomeSources: try Row.fetchAll(
                db,
                sql: "SELECT * FROM incomeSource WHERE userId = ? ORDER BY id",
                arguments: [userId]
            )
            .enumerated().map { index, row in
                IncomeSource(
                    ref: index + 1,
                    name: row["name"],
                    amountCents: row["amountCents"],
                    frequency: row["frequency"],
                    createdAt: row["createdAt"],
                    updatedAt: row["updatedAt"],
                    paidOn: row["paidOn"],
                    postsIncome: row["postsIncome"],
                    schedule: (row["scheduleId"] as Int64?).flatMap { schedulePlaces[$0] }
                )
            },
            stashes: try Row.fetchAll(
                db,
                sql: """
                    SELECT stash.*, COALESCE(category.name, 'Other') AS categoryName FROM stash
                    LEFT JOIN category ON category.id = stash.categoryId WHERE stash.userId = ? ORDER BY stash.id
                    """,
                arguments: [userId]
            ).map {
                Stash(
                    ref: stashRefs[$0["id"]] ?? 0,
                    name: $0["name"],
                    kind: $0["kind"],
                    goalCents: $0["goalCents"],
                    reward: $0["reward"],
                    category: $0["categoryName"],
                    categoryRef: ref(categoryRefs, $0["categoryId"]),
                    reminder: $0["reminder"],
                    createdAt: $0["createdAt"],
                    updatedAt: $0["updatedAt"],
                    targets: targets[$0["id"]] ?? []
                )
            },
            ledger: ledger,
            badges: try Row.fetchAll(
                db,
                sql: "SELECT * FROM badge WHERE userId = ? ORDER BY stashId, month",
                arguments: [userId]
            )
            .compactMap { row in
                ref(stashRefs, row["stashId"]).map {
                    Badge(
                        stash: $0,
                        month: row["month"],
                        completedOn: row["completedOn"],
                        points: row["points"],
                        earned: row["earned"],
                        claimedAt: row["claimedAt"]
                    )
                }
            },
            cards: try Row.fetchAll(
                db,
                sql: "SELECT * FROM walletCard WHERE userId = ? ORDER BY id",
                arguments: [userId]
            ).map {
                Card(
                    ref: cardRefs[$0["id"]] ?? 0,
                    catalogueId: $0["catalogueId"],
                    name: $0["name"],
                    issuer: $0["issuer"],
                    nickname: $0["nickname"],
                    gradientStart: $0["gradientStart"],
                    gradientEnd: $0["gradientEnd"],
                    annualFeeCents: $0["annualFeeCents"],
                    currency: $0["currency"],
                    feeDueOn: $0["feeDueOn"],
                    notify: $0["notify"],
                    createdAt: $0["createdAt"],
                    updatedAt: $0["updatedAt"],
                    benefits: benefits[$0["id"]] ?? []
                )
            },
            subscriptions: try Row.fetchAll(
                db,
                sql: "SELECT * FROM subscription WHERE userId = ? ORDER BY id",
                arguments: [userId]
            ).map {
                Subscription(
                    name: $0["name"],
                    amountCents: $0["amountCents"],
                    frequency: $0["frequency"],
                    renewsOn: $0["renewsOn"],
                    card: ref(cardRefs, $0["cardId"]),
                    category: $0["category"],
                    icon: $0["icon"],
                    createdAt: $0["createdAt"],
                    updatedAt: $0["updatedAt"],
                    postsCharge: $0["postsCharge"],
                    schedule: ($0["scheduleId"] as Int64?).flatMap { schedulePlaces[$0] }
                )
            },
            coupons: try Row.fetchAll(db, sql: "SELECT * FROM coupon WHERE userId = ? ORDER BY id", arguments: [userId])
                .map {
                    Coupon(
                        name: $0["name"],
                        details: $0["details"],
                        expiresOn: $0["expiresOn"],
                        category: $0["category"],
                        valueCents: $0["valueCents"],
                        code: $0["code"],
                        usedOn: $0["usedOn"],
                        createdAt: $0["createdAt"]
                    )
                },
            walletSettings: try Row.fetchOne(
                db,
                sql: "SELECT * FROM walletSettings WHERE userId = ?",
                arguments: [userId]
            ).map {
                WalletSettings(
                    onboardingDone: $0["onboardingDone"],
                    notificationsEnabled: $0["notificationsEnabled"],
                    frequency: $0["frequency"],
                    weekday: $0["weekday"],
                    reminderTime: $0["reminderTime"],
                    leadDays: $0["leadDays"],
                    quietEnabled: $0["quietEnabled"],
                    quietFrom: $0["quietFrom"],
                    quietTo: $0["quietTo"]
                )
            },
            pushChannels: try Row.fetchAll(
                db,
                sql: "SELECT * FROM pushChannel WHERE userId = ? ORDER BY kind",
                arguments: [userId]
            )
            .compactMap { row in
                App.PushChannel.Kind(rawValue: row["kind"]).map {
                    PushChannel(kind: $0, url: row["url"], topic: row["topic"], token: nil)
                }
            },
            schedules: try schedules(
                db,
                userId: userId,
                positions: positions,
                refs: (categoryRefs, accountRefs, stashRefs, incomeSourceRefs)
            ),
            notRecurring: try String.fetchAll(
                db,
                sql: "SELECT key FROM scheduleSuggestionDismissal WHERE userId = ? ORDER BY key",
                arguments: [userId]
            )
        )
    }

    /// The member's schedules with their occurrences, refs in place of ids and each posted row by its position in
    /// `ledger`.
    static func schedules(
        _ db: Database,
        userId: Int64,
        positions: [Int64: Int],
        refs: (categories: [Int64: Int], accounts: [Int64: Int], stashes: [Int64: Int], incomeSources: [Int64: Int])
    ) throws -> [Schedule] {
        var occurrences: [Int64: [Occurrence]] = [:]
        for row in try App.Occurrence.fetchAll(
            db,
            sql: "SELECT * FROM occurrence WHERE userId = ? ORDER BY scheduleId, dueOn",
            arguments: [userId]
        ) {
            occurrences[row.scheduleId, default: []].append(
                Occurrence(
                    dueOn: row.dueOn,
                    postOn: row.postOn,
                    state: row.state,
                    amountCents: row.amountCents,
                    ledger: row.ledgerId.flatMap { positions[$0] },
                    seenAt: row.seenAt,
                    createdAt: row.createdAt
                )
            )
        }
        return try App.Schedule.fetchAll(
            db,
            sql: "SELECT * FROM schedule WHERE userId = ? ORDER BY id",
            arguments: [userId]
        )
        .map {
            Schedule(
                name: $0.name,
                rule: $0.rule,
                startsOn: $0.startsOn,
                weekend: $0.weekend,
                kind: $0.kind,
                category: $0.categoryId.flatMap { refs.categories[$0] },
                account: $0.accountId.flatMap { refs.accounts[$0] },
                stash: $0.stashId.flatMap { refs.stashes[$0] },
                amountCents: $0.amountCents,
                maxCents: $0.maxCents,
                note: $0.note,
                posting: $0.posting,
                nextOn: $0.nextOn,
                createdAt: $0.createdAt,
                updatedAt: $0.updatedAt,
                occurrences: occurrences[$0.id ?? 0] ?? [],
                payday: $0.paydayOf.flatMap { refs.incomeSources[$0] }
            )
        }
    }
}
