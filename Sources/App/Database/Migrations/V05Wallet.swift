import GRDB

/// Migration v5 as it ran: literal SQL that calls no app code, never to be edited.
enum V05Wallet {
    static func register(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v5: wallet cards, benefits, subscriptions, coupons") { db in
            // All of a user's benefits in one indexed read (the Wallet page), grouped by card.
            // Uses of the current periods (few distinct period starts) and a card year's redeemed value.
            // Open coupons by expiry, and the history, each an index range.
            try db.execute(
                sql: """
                    CREATE TABLE "walletCard" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, \
                    "userId" INTEGER NOT NULL REFERENCES "user"("id") ON DELETE CASCADE, "catalogueId" TEXT, \
                    "name" TEXT NOT NULL, "issuer" TEXT NOT NULL, "nickname" TEXT NOT NULL DEFAULT '', \
                    "gradientStart" TEXT NOT NULL, "gradientEnd" TEXT NOT NULL, "annualFeeCents" INTEGER NOT NULL, \
                    "feeDueOn" TEXT, "createdAt" DATETIME NOT NULL, "updatedAt" DATETIME NOT NULL);
                    CREATE INDEX "walletCard_on_userId" ON "walletCard"("userId");
                    CREATE TABLE "cardBenefit" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, \
                    "cardId" INTEGER NOT NULL REFERENCES "walletCard"("id") ON DELETE CASCADE, \
                    "userId" INTEGER NOT NULL REFERENCES "user"("id") ON DELETE CASCADE, "name" TEXT NOT NULL, \
                    "details" TEXT NOT NULL DEFAULT '', "valueCents" INTEGER NOT NULL, "period" TEXT NOT NULL, \
                    "sortOrder" INTEGER NOT NULL, "snoozedUntil" TEXT, "createdAt" DATETIME NOT NULL);
                    CREATE INDEX "cardBenefit_on_cardId" ON "cardBenefit"("cardId");
                    CREATE INDEX "cardBenefit_on_userId_cardId" ON "cardBenefit"("userId", "cardId", "sortOrder");
                    CREATE TABLE "benefitUse" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, \
                    "benefitId" INTEGER NOT NULL REFERENCES "cardBenefit"("id") ON DELETE CASCADE, \
                    "cardId" INTEGER NOT NULL REFERENCES "walletCard"("id") ON DELETE CASCADE, \
                    "userId" INTEGER NOT NULL REFERENCES "user"("id") ON DELETE CASCADE, "periodStart" TEXT NOT NULL, \
                    "usedOn" TEXT NOT NULL, "valueCents" INTEGER NOT NULL, "createdAt" DATETIME NOT NULL, \
                    UNIQUE ("benefitId", "periodStart"));
                    CREATE INDEX "benefitUse_on_benefitId" ON "benefitUse"("benefitId");
                    CREATE INDEX "benefitUse_on_userId_periodStart" ON "benefitUse"("userId", "periodStart");
                    CREATE INDEX "benefitUse_on_cardId_usedOn" ON "benefitUse"("cardId", "usedOn", "valueCents");
                    CREATE TABLE "subscription" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, \
                    "userId" INTEGER NOT NULL REFERENCES "user"("id") ON DELETE CASCADE, "name" TEXT NOT NULL, \
                    "amountCents" INTEGER NOT NULL, "frequency" TEXT NOT NULL, "renewsOn" TEXT NOT NULL, \
                    "cardId" INTEGER REFERENCES "walletCard"("id") ON DELETE SET NULL, "category" TEXT NOT NULL, \
                    "icon" TEXT NOT NULL DEFAULT '', "createdAt" DATETIME NOT NULL, "updatedAt" DATETIME NOT NULL);
                    CREATE INDEX "subscription_on_userId" ON "subscription"("userId");
                    CREATE INDEX "subscription_on_cardId" ON "subscription"("cardId");
                    CREATE TABLE "coupon" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, \
                    "userId" INTEGER NOT NULL REFERENCES "user"("id") ON DELETE CASCADE, "name" TEXT NOT NULL, \
                    "details" TEXT NOT NULL DEFAULT '', "expiresOn" TEXT NOT NULL, "category" TEXT NOT NULL, \
                    "valueCents" INTEGER, "code" TEXT NOT NULL DEFAULT '', "usedOn" TEXT, "createdAt" DATETIME NOT NULL);
                    CREATE INDEX "coupon_on_userId" ON "coupon"("userId");
                    CREATE INDEX "coupon_on_userId_usedOn_expiresOn" ON "coupon"("userId", "usedOn", "expiresOn");
                    CREATE TABLE "walletSettings" ("userId" INTEGER PRIMARY KEY REFERENCES "user"("id") ON DELETE \
                    CASCADE, "onboardingDone" BOOLEAN NOT NULL DEFAULT 0, \
                    "notificationsEnabled" BOOLEAN NOT NULL DEFAULT 1, "frequency" TEXT NOT NULL DEFAULT 'daily', \
                    "reminderTime" TEXT NOT NULL DEFAULT '09:00', "leadDays" INTEGER NOT NULL DEFAULT 7, \
                    "quietEnabled" BOOLEAN NOT NULL DEFAULT 0, "quietFrom" TEXT NOT NULL DEFAULT '22:00', \
                    "quietTo" TEXT NOT NULL DEFAULT '08:00')
                    """
            )
        }
    }
}
