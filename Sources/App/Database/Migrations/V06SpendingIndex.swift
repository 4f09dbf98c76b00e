import GRDB

/// Migration v6 as it ran: literal SQL that calls no app code, never to be edited.
enum V06SpendingIndex {
    static func register(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v6: statistics spending by category") { db in
            // Spending per category over a date range (Statistics, the PDF summary) reads only this index.
            try db.execute(
                sql: """
                    CREATE INDEX "ledger_on_userId_kind_date" ON "ledger"("userId", "kind", "date", "categoryId", \
                    "stashId", "amountCents")
                    """
            )
        }
    }
}
