import GRDB

/// Migration v27 as it ran: literal SQL that calls no app code, never to be edited.
enum V27CardCurrency {
    static func register(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v27: a wallet card keeps its own currency") { db in
            // Amounts of a card are in its currency, never converted. The catalogue's cards were all in US dollars;
            // a custom card was typed in the user's currency.
            try db.execute(
                sql: """
                    ALTER TABLE walletCard ADD COLUMN currency TEXT NOT NULL DEFAULT 'USD';
                    UPDATE walletCard SET currency = (SELECT user.currency FROM user WHERE user.id = walletCard.userId)
                        WHERE catalogueId IS NULL
                    """
            )
        }
    }
}
