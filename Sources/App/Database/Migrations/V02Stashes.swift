import GRDB

/// Migration v2 as it ran: literal SQL that calls no app code, never to be edited.
enum V02Stashes {
    static func register(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v2: stashes, targets, the ledger, badges") { db in
            // The last month whose spend stashes were judged (spend badges are awarded once a month closes).
            // A stash's monthly target (allowance for spend stashes) from `month` on, until a later row.
            // The one ledger: every money movement (income, expense, saving) is one row of `ledger`. Stash entries are
            // rows with a stashId; budget categories and accounts are attached by their own tables later.
            // Covers the month and day queries (calendar dots, day totals) without touching the table.
            // The one-column indexes `belongsTo` made are prefixes of the composite ones; left alone, the planner
            // can pick them and scan a user's whole history.
            // Per stash and month: the total and count of its entries, kept in step with every write so that
            // pages never sum a stash's whole history.
            // One badge per stash per completed month. A badge whose month falls back under its target keeps its
            // row (and claimed state) with earned = 0, so redoing the completion restores it as it was.
            // Deleted rows kept for a while so "Undo" can put them back exactly.
            try db.execute(
                sql: """
                    ALTER TABLE "user" ADD COLUMN "homeView" TEXT NOT NULL DEFAULT 'list';
                    ALTER TABLE "user" ADD COLUMN "spendJudgedThrough" TEXT;
                    CREATE TABLE "stash" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, \
                    "userId" INTEGER NOT NULL REFERENCES "user"("id") ON DELETE CASCADE, "name" TEXT NOT NULL, \
                    "kind" TEXT NOT NULL, "goalCents" INTEGER, "reward" TEXT NOT NULL DEFAULT '', \
                    "category" TEXT NOT NULL DEFAULT 'Other', "reminder" TEXT NOT NULL DEFAULT 'off', \
                    "createdAt" DATETIME NOT NULL, "updatedAt" DATETIME NOT NULL);
                    CREATE INDEX "stash_on_userId" ON "stash"("userId");
                    CREATE TABLE "stashTarget" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, \
                    "stashId" INTEGER NOT NULL REFERENCES "stash"("id") ON DELETE CASCADE, "month" TEXT NOT NULL, \
                    "amountCents" INTEGER NOT NULL, UNIQUE ("stashId", "month"));
                    CREATE INDEX "stashTarget_on_stashId" ON "stashTarget"("stashId");
                    CREATE TABLE "ledger" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, \
                    "userId" INTEGER NOT NULL REFERENCES "user"("id") ON DELETE CASCADE, "date" TEXT NOT NULL, \
                    "amountCents" INTEGER NOT NULL, "kind" TEXT NOT NULL, "note" TEXT NOT NULL DEFAULT '', \
                    "stashId" INTEGER REFERENCES "stash"("id") ON DELETE CASCADE, "categoryId" INTEGER, \
                    "accountId" INTEGER, "createdAt" DATETIME NOT NULL, "updatedAt" DATETIME NOT NULL);
                    CREATE INDEX "ledger_on_userId" ON "ledger"("userId");
                    CREATE INDEX "ledger_on_stashId" ON "ledger"("stashId");
                    CREATE INDEX "ledger_on_userId_date" ON "ledger"("userId", "date", "kind", "amountCents");
                    DROP INDEX IF EXISTS ledger_on_userId;
                    DROP INDEX IF EXISTS ledger_on_stashId;
                    CREATE INDEX "ledger_on_stashId_date" ON "ledger"("stashId", "date", "amountCents");
                    CREATE TABLE "stashMonth" ("stashId" INTEGER NOT NULL REFERENCES "stash"("id") ON DELETE CASCADE, \
                    "month" TEXT NOT NULL, "totalCents" INTEGER NOT NULL, "entryCount" INTEGER NOT NULL, \
                    PRIMARY KEY ("stashId", "month"));
                    CREATE INDEX "stashMonth_on_stashId" ON "stashMonth"("stashId");
                    CREATE TABLE "badge" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, \
                    "userId" INTEGER NOT NULL REFERENCES "user"("id") ON DELETE CASCADE, \
                    "stashId" INTEGER NOT NULL REFERENCES "stash"("id") ON DELETE CASCADE, "month" TEXT NOT NULL, \
                    "completedOn" TEXT NOT NULL, "points" INTEGER NOT NULL, "earned" BOOLEAN NOT NULL, \
                    "claimedAt" DATETIME, UNIQUE ("stashId", "month"));
                    CREATE INDEX "badge_on_userId" ON "badge"("userId");
                    CREATE INDEX "badge_on_stashId" ON "badge"("stashId");
                    CREATE INDEX "badge_on_userId_earned_month" ON "badge"("userId", "earned", "month");
                    CREATE TABLE "trash" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, \
                    "userId" INTEGER NOT NULL REFERENCES "user"("id") ON DELETE CASCADE, "payload" BLOB NOT NULL, \
                    "deletedAt" DATETIME NOT NULL);
                    CREATE INDEX "trash_on_userId" ON "trash"("userId")
                    """
            )
        }
    }
}
