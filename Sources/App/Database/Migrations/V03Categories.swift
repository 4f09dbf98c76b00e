import GRDB

/// Migration v3 as it ran: literal SQL that calls no app code, never to be edited.
enum V03Categories {
    static func register(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v3: categories, accounts, income sources") { db in
            // A category's and an account's transactions by date, with the amount, without touching the table.
            try db.execute(
                sql: """
                    CREATE TABLE "category" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, \
                    "userId" INTEGER NOT NULL REFERENCES "user"("id") ON DELETE CASCADE, "name" TEXT NOT NULL, \
                    "kind" TEXT NOT NULL, "icon" TEXT NOT NULL, "color" TEXT NOT NULL, "sortOrder" INTEGER NOT NULL, \
                    "isDefault" BOOLEAN NOT NULL, "isHidden" BOOLEAN NOT NULL DEFAULT 0, "createdAt" DATETIME NOT NULL);
                    CREATE INDEX "category_on_userId" ON "category"("userId");
                    DROP INDEX IF EXISTS category_on_userId;
                    CREATE INDEX "category_on_userId_kind_sortOrder" ON "category"("userId", "kind", "sortOrder");
                    CREATE TABLE "account" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, \
                    "userId" INTEGER NOT NULL REFERENCES "user"("id") ON DELETE CASCADE, "name" TEXT NOT NULL, \
                    "kind" TEXT NOT NULL, "openingBalanceCents" INTEGER NOT NULL, "createdAt" DATETIME NOT NULL, \
                    "updatedAt" DATETIME NOT NULL);
                    CREATE INDEX "account_on_userId" ON "account"("userId");
                    CREATE TABLE "incomeSource" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, \
                    "userId" INTEGER NOT NULL REFERENCES "user"("id") ON DELETE CASCADE, "name" TEXT NOT NULL, \
                    "amountCents" INTEGER NOT NULL, "frequency" TEXT NOT NULL, "createdAt" DATETIME NOT NULL, \
                    "updatedAt" DATETIME NOT NULL);
                    CREATE INDEX "incomeSource_on_userId" ON "incomeSource"("userId");
                    CREATE INDEX "ledger_on_categoryId_date" ON "ledger"("categoryId", "date", "amountCents");
                    CREATE INDEX "ledger_on_accountId_date" ON "ledger"("accountId", "date", "kind", "amountCents")
                    """
            )
            // Users who signed up before categories existed get the defaults too.
            try db.execute(
                sql: """
                    WITH defaults (sortOrder, kind, name, icon, color) AS (VALUES
                        (0, 'income', 'Salary', 'briefcase', '#16A34A'),
                        (1, 'income', 'Freelance', 'spark', '#0EA5E9'),
                        (2, 'income', 'Other', 'dots', '#6B6B6B'),
                        (3, 'needs', 'Rent/Mortgage', 'house', '#2563EB'),
                        (4, 'needs', 'Groceries', 'cart', '#16A34A'),
                        (5, 'needs', 'Utilities', 'bolt', '#F59E0B'),
                        (6, 'needs', 'Insurance', 'shield', '#0891B2'),
                        (7, 'needs', 'Transport', 'car', '#7C3AED'),
                        (8, 'needs', 'Healthcare', 'heart', '#DC2626'),
                        (9, 'needs', 'Other', 'dots', '#6B6B6B'),
                        (10, 'wants', 'Dining Out', 'fork', '#EA580C'),
                        (11, 'wants', 'Entertainment', 'ticket', '#DB2777'),
                        (12, 'wants', 'Shopping', 'bag', '#9333EA'),
                        (13, 'wants', 'Subscriptions', 'repeat', '#0D9488'),
                        (14, 'wants', 'Personal Care', 'spark', '#E11D48'),
                        (15, 'wants', 'Hobbies', 'star', '#CA8A04'),
                        (16, 'wants', 'Other', 'dots', '#6B6B6B'),
                        (17, 'savings', 'Emergency Fund', 'shield', '#16A34A'),
                        (18, 'savings', 'Retirement', 'clock', '#2563EB'),
                        (19, 'savings', 'Vacation', 'plane', '#0EA5E9'),
                        (20, 'savings', 'Large Purchase', 'bag', '#9333EA'),
                        (21, 'savings', 'Education', 'book', '#CA8A04'),
                        (22, 'savings', 'Investments', 'chart', '#0D9488'),
                        (23, 'savings', 'Other', 'dots', '#6B6B6B'))
                    INSERT INTO category (userId, name, kind, icon, color, sortOrder, isDefault, isHidden, createdAt)
                        SELECT user.id, defaults.name, defaults.kind, defaults.icon, defaults.color, defaults.sortOrder,
                               1, 0, strftime('%Y-%m-%d %H:%M:%f', 'now')
                        FROM user CROSS JOIN defaults ORDER BY user.id, defaults.sortOrder
                    """
            )
        }
    }
}
