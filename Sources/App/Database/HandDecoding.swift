import Foundation
import GRDB

// The rows the busiest pages read in bulk, decoded by hand.
//
// GRDB decodes a `Codable` record through Swift's `Decoder`: each property asks the row for its column through
// several layers of generic calls. For the rows below, read by the dozen on Home, the lists, the accounts and the
// wallet, that cost more than SQLite's work for the whole query: about a tenth of the server's CPU over all pages,
// and a quarter of `/transactions` and `/accounts/1`. These initializers read the same columns by
// name, straight from the row, and take the place of the `Codable` path for these types only; every other record
// decodes through `Codable`. A property added to one of these types doesn't compile until it is read here, and
// `HandDecodingTests` decodes rows of every type both ways and requires the same values.

extension LedgerEntry {
    init(row: Row) throws {
        id = try row.decode(forColumn: "id")
        userId = try row.decode(forColumn: "userId")
        date = try row.decode(forColumn: "date")
        amountCents = try row.decode(forColumn: "amountCents")
        kind = try row.decode(forColumn: "kind")
        note = try row.decode(forColumn: "note")
        stashId = try row.decode(forColumn: "stashId")
        categoryId = try row.decode(forColumn: "categoryId")
        accountId = try row.decode(forColumn: "accountId")
        createdAt = try row.decode(forColumn: "createdAt")
        updatedAt = try row.decode(forColumn: "updatedAt")
        pairId = try row.decode(forColumn: "pairId")
        clearing = try row.decode(forColumn: "clearing")
        payee = try row.decode(forColumn: "payee")
        tags = try row.decode(forColumn: "tags")
        splitId = try row.decode(forColumn: "splitId")
    }
}

extension LedgerRow {
    init(row: Row) throws {
        transaction = try LedgerEntry(row: row)
        categoryName = try row.decode(forColumn: "categoryName")
        categoryKindName = try row.decode(forColumn: "categoryKindName")
        categoryIcon = try row.decode(forColumn: "categoryIcon")
        categoryColor = try row.decode(forColumn: "categoryColor")
        stashName = try row.decode(forColumn: "stashName")
        accountName = try row.decode(forColumn: "accountName")
        pairRowId = try row.decode(forColumn: "pairRowId")
        pairAccountId = try row.decode(forColumn: "pairAccountId")
        pairAccountName = try row.decode(forColumn: "pairAccountName")
        pairStashId = try row.decode(forColumn: "pairStashId")
        pairClearing = try row.decode(forColumn: "pairClearing")
    }
}

extension DayEntry {
    init(row: Row) throws {
        entry = try LedgerEntry(row: row)
        label = try row.decode(forColumn: "label")
    }
}

extension Stash {
    init(row: Row) throws {
        id = try row.decode(forColumn: "id")
        userId = try row.decode(forColumn: "userId")
        name = try row.decode(forColumn: "name")
        kind = try row.decode(forColumn: "kind")
        goalCents = try row.decode(forColumn: "goalCents")
        reward = try row.decode(forColumn: "reward")
        categoryId = try row.decode(forColumn: "categoryId")
        reminder = try row.decode(forColumn: "reminder")
        createdAt = try row.decode(forColumn: "createdAt")
        updatedAt = try row.decode(forColumn: "updatedAt")
    }
}

extension StashMonthRow {
    init(row: Row) throws {
        stash = try Stash(row: row)
        monthTotal = try row.decode(forColumn: "monthTotal")
        monthCount = try row.decode(forColumn: "monthCount")
        monthTarget = try row.decode(forColumn: "monthTarget")
        categoryName = try row.decode(forColumn: "categoryName")
    }
}

extension Category {
    init(row: Row) throws {
        id = try row.decode(forColumn: "id")
        userId = try row.decode(forColumn: "userId")
        name = try row.decode(forColumn: "name")
        kind = try row.decode(forColumn: "kind")
        icon = try row.decode(forColumn: "icon")
        color = try row.decode(forColumn: "color")
        sortOrder = try row.decode(forColumn: "sortOrder")
        isDefault = try row.decode(forColumn: "isDefault")
        isHidden = try row.decode(forColumn: "isHidden")
        createdAt = try row.decode(forColumn: "createdAt")
    }
}

extension Coupon {
    init(row: Row) throws {
        id = try row.decode(forColumn: "id")
        userId = try row.decode(forColumn: "userId")
        name = try row.decode(forColumn: "name")
        details = try row.decode(forColumn: "details")
        expiresOn = try row.decode(forColumn: "expiresOn")
        category = try row.decode(forColumn: "category")
        valueCents = try row.decode(forColumn: "valueCents")
        code = try row.decode(forColumn: "code")
        usedOn = try row.decode(forColumn: "usedOn")
        createdAt = try row.decode(forColumn: "createdAt")
    }
}

extension CardBenefit {
    init(row: Row) throws {
        id = try row.decode(forColumn: "id")
        cardId = try row.decode(forColumn: "cardId")
        userId = try row.decode(forColumn: "userId")
        name = try row.decode(forColumn: "name")
        details = try row.decode(forColumn: "details")
        valueCents = try row.decode(forColumn: "valueCents")
        period = try row.decode(forColumn: "period")
        sortOrder = try row.decode(forColumn: "sortOrder")
        snoozedUntil = try row.decode(forColumn: "snoozedUntil")
        createdAt = try row.decode(forColumn: "createdAt")
    }
}

extension MoneyAccount {
    init(row: Row) throws {
        id = try row.decode(forColumn: "id")
        userId = try row.decode(forColumn: "userId")
        name = try row.decode(forColumn: "name")
        kind = try row.decode(forColumn: "kind")
        openingBalanceCents = try row.decode(forColumn: "openingBalanceCents")
        createdAt = try row.decode(forColumn: "createdAt")
        updatedAt = try row.decode(forColumn: "updatedAt")
        reconciledOn = try row.decode(forColumn: "reconciledOn")
        reconciledCents = try row.decode(forColumn: "reconciledCents")
    }
}

extension AccountBalanceRow {
    init(row: Row) throws {
        account = try MoneyAccount(row: row)
        ledgerTotalCents = try row.decode(forColumn: "ledgerTotalCents")
        clearedTotalCents = try row.decode(forColumn: "clearedTotalCents")
    }
}

extension WalletCard {
    init(row: Row) throws {
        id = try row.decode(forColumn: "id")
        userId = try row.decode(forColumn: "userId")
        catalogueId = try row.decode(forColumn: "catalogueId")
        name = try row.decode(forColumn: "name")
        issuer = try row.decode(forColumn: "issuer")
        nickname = try row.decode(forColumn: "nickname")
        gradientStart = try row.decode(forColumn: "gradientStart")
        gradientEnd = try row.decode(forColumn: "gradientEnd")
        annualFeeCents = try row.decode(forColumn: "annualFeeCents")
        feeDueOn = try row.decode(forColumn: "feeDueOn")
        createdAt = try row.decode(forColumn: "createdAt")
        updatedAt = try row.decode(forColumn: "updatedAt")
        notify = try row.decode(forColumn: "notify")
        currency = try row.decode(forColumn: "currency")
    }
}

extension BenefitUse {
    init(row: Row) throws {
        id = try row.decode(forColumn: "id")
        benefitId = try row.decode(forColumn: "benefitId")
        cardId = try row.decode(forColumn: "cardId")
        userId = try row.decode(forColumn: "userId")
        periodStart = try row.decode(forColumn: "periodStart")
        usedOn = try row.decode(forColumn: "usedOn")
        valueCents = try row.decode(forColumn: "valueCents")
        createdAt = try row.decode(forColumn: "createdAt")
    }
}

extension Subscription {
    init(row: Row) throws {
        id = try row.decode(forColumn: "id")
        userId = try row.decode(forColumn: "userId")
        name = try row.decode(forColumn: "name")
        amountCents = try row.decode(forColumn: "amountCents")
        frequency = try row.decode(forColumn: "frequency")
        renewsOn = try row.decode(forColumn: "renewsOn")
        cardId = try row.decode(forColumn: "cardId")
        category = try row.decode(forColumn: "category")
        icon = try row.decode(forColumn: "icon")
        createdAt = try row.decode(forColumn: "createdAt")
        updatedAt = try row.decode(forColumn: "updatedAt")
        scheduleId = try row.decode(forColumn: "scheduleId")
        postsCharge = try row.decode(forColumn: "postsCharge")
    }
}
