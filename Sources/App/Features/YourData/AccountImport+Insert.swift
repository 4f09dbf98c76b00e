import Foundation
import GRDB

extension AccountDocument {
    /// The database ids the rows written so far got, by the refs the document gives them.
    struct InsertedIds: Sendable {
        var categories: [Int: Int64] = [:]
        var accounts: [Int: Int64] = [:]
        var stashes: [Int: Int64] = [:]
        /// Each stash's category, for its entries that name none (an older file).
        var stashCategories: [Int: Int64] = [:]
        var cards: [Int: Int64] = [:]
        /// The rows an arriving transfer names, by their position in `ledger` (from 1).
        var ledger: [Int: Int64] = [:]
        /// By their place in `schedules` (from 1).
        var schedules: [Int: Int64] = [:]
        var incomeSources: [Int: Int64] = [:]
    }

    /// Writes the checked document's records (all but the settings, see `insertSettings`) under `userId`, in
    /// transactions of about `batchRows` rows each.
    func insertInBatches(_ database: AppDatabase, userId: Int64, batchRows: Int) async throws {
        var ids = InsertedIds()
        /// Writes `items` a batch at a time (a batch of about `batchRows`, counting each item as `weight` rows).
        func inBatches<Item: Sendable>(
            _ items: [Item],
            weight: (Item) -> Int = { _ in 1 },
            _ write: @escaping @Sendable (Database, ArraySlice<Item>, inout InsertedIds) throws -> Void
        ) async throws {
            var start = items.startIndex
            while start < items.endIndex {
                var end = start
                var rows = 0
                while end < items.endIndex, rows < batchRows || end == start {
                    rows += weight(items[end])
                    end += 1
                }
                let batch = items[start..<end]
                ids = try await database.write { [ids] db in
                    var ids = ids
                    try write(db, batch, &ids)
                    return ids
                }
                start = end
            }
        }
        let profile = self.profile
        let categoriesByRef = Dictionary(categories.map { ($0.ref, $0) }, uniquingKeysWith: { first, _ in first })

        try await inBatches(categories) { db, batch, ids in
            for item in batch {
                try db.execute(
                    sql: """
                        INSERT INTO category (userId, name, kind, icon, color, sortOrder, isDefault, isHidden, createdAt)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                        """,
                    arguments: [
                        userId, item.name, item.kind.rawValue, item.icon, item.color, item.sortOrder, item.isDefault,
                        item.isHidden, item.createdAt,
                    ]
                )
                ids.categories[item.ref] = db.lastInsertedRowID
            }
        }
        try await inBatches(accounts) { db, batch, ids in
            for item in batch {
                try db.execute(
                    sql: """
                        INSERT INTO account (userId, name, kind, openingBalanceCents, createdAt, updatedAt, reconciledOn,
                            reconciledCents) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                        """,
                    arguments: [
                        userId, item.name, item.kind.rawValue, item.openingBalanceCents, item.createdAt, item.updatedAt,
                        item.reconciledOn, item.reconciledCents,
                    ]
                )
                ids.accounts[item.ref] = db.lastInsertedRowID
            }
        }
        let stashWeight: (Stash) -> Int = { 1 + $0.targets.count }
        try await inBatches(stashes, weight: stashWeight) { db, batch, ids in
            for stash in batch {
                // The category the file names, if it is of a kind the stash can have; else one found by name.
                let referenced = stash.categoryRef.flatMap { categoriesByRef[$0] }
                let categoryId =
                    try referenced.flatMap { category -> Int64? in
                        stash.kind.categoryKinds.contains(category.kind) ? ids.categories[category.ref] : nil
                    }
                    ?? StashCategory.resolve(
                        MemberDatabase(db: db, userId: userId),
                        kind: stash.kind,
                        name: stash.category,
                        now: stash.createdAt
                    )
                try db.execute(
                    sql: """
                        INSERT INTO stash (userId, name, kind, goalCents, reward, categoryId, reminder, createdAt, updatedAt)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                        """,
                    arguments: [
                        userId, stash.name, stash.kind.rawValue, stash.goalCents, stash.reward, categoryId,
                        stash.reminder.rawValue, stash.createdAt, stash.updatedAt,
                    ]
                )
                let id = db.lastInsertedRowID
                ids.stashes[stash.ref] = id
                ids.stashCategories[stash.ref] = categoryId
                for target in stash.targets {
                    try db.execute(
                        sql: "INSERT INTO stashTarget (stashId, month, amountCents) VALUES (?, ?, ?)",
                        arguments: [id, target.month, target.amountCents]
                    )
                }
            }
        }
        // In the file's order (by date, then as entered), so the export of an imported account lists them as the file did.
        // Runs of rows go many to a statement; a transfer's two rows one at a time, so the arrival can name the id its
        // leaving row got.
        // Rows named by another (an arrival, a split's part, a schedule's occurrence) are written one at a time, so
        // their ids are known.
        let paired = Set(ledger.compactMap(\.pair)).union(ledger.compactMap(\.split))
            .union(schedules.flatMap { $0.occurrences.compactMap(\.ledger) })
        let positioned = Array(ledger.enumerated())
        let columns = [
            "userId", "date", "amountCents", "kind", "note", "stashId", "categoryId", "accountId", "createdAt",
            "updatedAt", "pairId", "clearing", "payee", "tags", "splitId",
        ]
        try await inBatches(positioned) { db, batch, ids in
            func values(_ row: LedgerRow) -> [(any DatabaseValueConvertible)?] {
                [
                    userId, row.date, row.amountCents, row.kind.rawValue, row.note,
                    row.stash.flatMap { ids.stashes[$0] },
                    // A stash's entry without a category (an older file) is filed under its stash's.
                    row.category.flatMap { ids.categories[$0] } ?? row.stash.flatMap { ids.stashCategories[$0] },
                    row.account.flatMap { ids.accounts[$0] }, row.createdAt, row.updatedAt,
                    row.pair.flatMap { ids.ledger[$0] }, (row.clearing ?? .open).rawValue, row.payee ?? "",
                    LedgerEntry.tagsText(row.tags ?? []), row.split.flatMap { ids.ledger[$0] },
                ]
            }
            var start = batch.startIndex
            while start < batch.endIndex {
                let (index, row) = batch[start]
                if row.pair != nil || row.split != nil || paired.contains(index + 1) {
                    try db.insertRows(into: "ledger", columns: columns) { rows in try rows.insert(values(row)) }
                    ids.ledger[index + 1] = db.lastInsertedRowID
                    // The first part of a split names itself, which it can only once it has its id.
                    if row.split == index + 1 {
                        try db.execute(
                            sql: "UPDATE ledger SET splitId = id WHERE id = ?",
                            arguments: [db.lastInsertedRowID]
                        )
                    }
                    start += 1
                    continue
                }
                var end = start
                while end < batch.endIndex, batch[end].element.pair == nil, batch[end].element.split == nil,
                    !paired.contains(batch[end].offset + 1)
                {
                    end += 1
                }
                let run = batch[start..<end]
                try db.insertRows(into: "ledger", columns: columns) { rows in
                    for (_, row) in run { try rows.insert(values(row)) }
                }
                start = end
            }
        }
        let scheduleWeight: ((offset: Int, element: Schedule)) -> Int = { 1 + $0.element.occurrences.count }
        try await inBatches(Array(schedules.enumerated()), weight: scheduleWeight) { db, batch, ids in
            for (offset, item) in batch {
                let schedule = try App.Schedule(
                    id: nil,
                    userId: userId,
                    name: item.name,
                    rule: item.rule,
                    startsOn: item.startsOn,
                    weekend: item.weekend,
                    kind: item.kind,
                    categoryId: item.category.flatMap { ids.categories[$0] },
                    accountId: item.account.flatMap { ids.accounts[$0] },
                    stashId: item.stash.flatMap { ids.stashes[$0] },
                    amountCents: item.amountCents,
                    maxCents: item.maxCents,
                    note: item.note,
                    posting: item.posting,
                    nextOn: item.nextOn,
                    createdAt: item.createdAt,
                    updatedAt: item.updatedAt
                ).inserted(db)
                ids.schedules[offset + 1] = schedule.id
                for occurrence in item.occurrences {
                    _ = try App.Occurrence(
                        id: nil,
                        scheduleId: schedule.id ?? 0,
                        userId: userId,
                        dueOn: occurrence.dueOn,
                        postOn: occurrence.postOn,
                        state: occurrence.state,
                        amountCents: occurrence.amountCents,
                        ledgerId: occurrence.ledger.flatMap { ids.ledger[$0] },
                        seenAt: occurrence.seenAt,
                        createdAt: occurrence.createdAt
                    ).inserted(db)
                }
            }
        }
        try await inBatches(incomeSources) { db, batch, ids in
            for item in batch {
                try db.execute(
                    sql: """
                        INSERT INTO incomeSource (userId, name, amountCents, frequency, createdAt, updatedAt, paidOn, postsIncome,
                            scheduleId)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                        """,
                    arguments: [
                        userId, item.name, item.amountCents, item.frequency.rawValue, item.createdAt, item.updatedAt,
                        item.paidOn, item.postsIncome ?? false, item.schedule.flatMap { ids.schedules[$0] },
                    ]
                )
                ids.incomeSources[item.ref] = db.lastInsertedRowID
            }
        }
        // Schedules come before the income sources whose pay days they may keep to.
        let followers = schedules.enumerated().compactMap { offset, item in item.payday.map { (offset + 1, $0) } }
        try await inBatches(followers) { db, batch, ids in
            for (place, payday) in batch {
                try db.execute(
                    sql: "UPDATE schedule SET paydayOf = ? WHERE id = ?",
                    arguments: [ids.incomeSources[payday], ids.schedules[place]]
                )
            }
        }
        try await inBatches(notRecurring) { db, batch, _ in
            for key in batch {
                try db.execute(
                    sql: "INSERT INTO scheduleSuggestionDismissal (userId, key, createdAt) VALUES (?, ?, ?)",
                    arguments: [userId, key, Date(timeIntervalSince1970: 0)]
                )
            }
        }
        try await inBatches(badges) { db, batch, ids in
            for badge in batch {
                try db.execute(
                    sql: """
                        INSERT INTO badge (userId, stashId, month, completedOn, points, earned, claimedAt) VALUES (?, ?, ?, ?, ?, ?, ?)
                        """,
                    arguments: [
                        userId, ids.stashes[badge.stash], badge.month, badge.completedOn, badge.points, badge.earned,
                        badge.claimedAt,
                    ]
                )
            }
        }
        let cardWeight: (Card) -> Int = { 1 + $0.benefits.reduce(0) { $0 + 1 + $1.uses.count } }
        try await inBatches(cards, weight: cardWeight) { db, batch, ids in
            for card in batch {
                try db.execute(
                    sql: """
                        INSERT INTO walletCard (userId, catalogueId, name, issuer, nickname, gradientStart, gradientEnd, annualFeeCents,
                            currency, feeDueOn, notify, createdAt, updatedAt) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                        """,
                    arguments: [
                        userId, card.catalogueId, card.name, card.issuer, card.nickname, card.gradientStart,
                        card.gradientEnd, card.annualFeeCents, card.currencyCode(profile: profile), card.feeDueOn,
                        card.notify, card.createdAt, card.updatedAt,
                    ]
                )
                let cardId = db.lastInsertedRowID
                ids.cards[card.ref] = cardId
                for benefit in card.benefits {
                    try db.execute(
                        sql: """
                            INSERT INTO cardBenefit (cardId, userId, name, details, valueCents, period, sortOrder, snoozedUntil, createdAt)
                            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                            """,
                        arguments: [
                            cardId, userId, benefit.name, benefit.details, benefit.valueCents, benefit.period.rawValue,
                            benefit.sortOrder, benefit.snoozedUntil, benefit.createdAt,
                        ]
                    )
                    let benefitId = db.lastInsertedRowID
                    for use in benefit.uses {
                        try db.execute(
                            sql: """
                                INSERT INTO benefitUse (benefitId, cardId, userId, periodStart, usedOn, valueCents, createdAt)
                                VALUES (?, ?, ?, ?, ?, ?, ?)
                                """,
                            arguments: [
                                benefitId, cardId, userId, use.periodStart, use.usedOn, use.valueCents, use.createdAt,
                            ]
                        )
                    }
                }
            }
        }
        try await inBatches(subscriptions) { db, batch, ids in
            for item in batch {
                try db.execute(
                    sql: """
                        INSERT INTO subscription (userId, name, amountCents, frequency, renewsOn, cardId, category, icon, createdAt, updatedAt,
                            postsCharge, scheduleId)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                        """,
                    arguments: [
                        userId, item.name, item.amountCents, item.frequency.rawValue, item.renewsOn,
                        item.card.flatMap { ids.cards[$0] }, item.category, item.icon, item.createdAt, item.updatedAt,
                        item.postsCharge ?? false, item.schedule.flatMap { ids.schedules[$0] },
                    ]
                )
            }
        }
        try await inBatches(coupons) { db, batch, _ in
            for item in batch {
                try db.execute(
                    sql: """
                        INSERT INTO coupon (userId, name, details, expiresOn, category, valueCents, code, usedOn, createdAt)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                        """,
                    arguments: [
                        userId, item.name, item.details, item.expiresOn, item.category, item.valueCents, item.code,
                        item.usedOn, item.createdAt,
                    ]
                )
            }
        }
    }

    /// Writes the notification settings and push channels, in the caller's (last) transaction: reminders are made
    /// from them, and none may be made from half an import.
    func insertSettings(_ member: MemberDatabase) throws {
        let (db, userId) = (member.db, member.userId)
        if let settings = walletSettings {
            try db.execute(
                sql: """
                    INSERT INTO walletSettings (userId, onboardingDone, notificationsEnabled, frequency, weekday, reminderTime, leadDays,
                        quietEnabled, quietFrom, quietTo) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    userId, settings.onboardingDone, settings.notificationsEnabled, settings.frequency,
                    settings.weekday, settings.reminderTime, settings.leadDays, settings.quietEnabled,
                    settings.quietFrom, settings.quietTo,
                ]
            )
        }
        // Switched off, without a token: the server the export came from may still push to them, and a reminder
        // must not reach the same phone twice. The member turns them on in the notification settings.
        for channel in pushChannels {
            try db.execute(
                sql: "INSERT INTO pushChannel (userId, kind, url, topic, token, enabled) VALUES (?, ?, ?, ?, '', 0)",
                arguments: [userId, channel.kind.rawValue, channel.url, channel.topic]
            )
        }
    }
}
