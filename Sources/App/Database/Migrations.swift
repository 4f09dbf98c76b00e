import GRDB

extension AppDatabase {
    /// Append-only schema history, one frozen file per migration in `Migrations/` (literal SQL that calls no app code,
    /// so changing the app can't change what a migration does). Never edit one once it has shipped: add a new one.
    /// There is no v4, v33 or v34.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        V01Users.register(in: &migrator)
        V02Stashes.register(in: &migrator)
        V03Categories.register(in: &migrator)
        V05Wallet.register(in: &migrator)
        V06SpendingIndex.register(in: &migrator)
        V07AccountBalances.register(in: &migrator)
        V08MonthTotals.register(in: &migrator)
        V09UserRevisions.register(in: &migrator)
        V10WalletRevisions.register(in: &migrator)
        V11QuickAmounts.register(in: &migrator)
        V12StashMonthTotals.register(in: &migrator)
        V13Reminders.register(in: &migrator)
        V14CalendarFeeds.register(in: &migrator)
        V15ReminderCadence.register(in: &migrator)
        V16CardReminders.register(in: &migrator)
        V17PushChannels.register(in: &migrator)
        V18LoginAttemptsPerAddress.register(in: &migrator)
        V19TwoFactor.register(in: &migrator)
        V20SignedInBrowsers.register(in: &migrator)
        V21BankImports.register(in: &migrator)
        V22ProfilePhotos.register(in: &migrator)
        V23DayAndCategoryTotals.register(in: &migrator)
        V24CategoryCounts.register(in: &migrator)
        V25CategoryMonthTotals.register(in: &migrator)
        V26StashCategories.register(in: &migrator)
        V27CardCurrency.register(in: &migrator)
        V28WebPushDevices.register(in: &migrator)
        V29PushSwitchAndDigest.register(in: &migrator)
        V30FirstRun.register(in: &migrator)
        V31ImportStaging.register(in: &migrator)
        V32Owner.register(in: &migrator)
        V35Invitations.register(in: &migrator)
        V36TwoFactorTries.register(in: &migrator)
        V37SecretDigests.register(in: &migrator)
        V38KeepSignedIn.register(in: &migrator)
        V39LedgerTotalsOnce.register(in: &migrator)
        V40Region.register(in: &migrator)
        V41Language.register(in: &migrator)
        V42BadgeNotes.register(in: &migrator)
        V43Transfers.register(in: &migrator)
        V44AccountMonths.register(in: &migrator)
        V45PayeesAndTags.register(in: &migrator)
        V46Splits.register(in: &migrator)
        V47Schedules.register(in: &migrator)
        V48PlannedOccurrences.register(in: &migrator)
        V49NotRecurring.register(in: &migrator)
        V50SafeToSpendBuffer.register(in: &migrator)
        V51LinkedSchedules.register(in: &migrator)
        V52NextReminderLook.register(in: &migrator)
        V53NextScheduleLook.register(in: &migrator)
        V54SchedulePayday.register(in: &migrator)
        V55ApiTokens.register(in: &migrator)
        V56ApiIdempotency.register(in: &migrator)
        return migrator
    }

    /// The tables Home's wallet widgets are built from (`walletWidgetData`): a write to any of them raises the
    /// user's wallet revision, so kept widgets are built again.
    static let walletTables = ["walletCard", "cardBenefit", "benefitUse", "subscription", "coupon"]
}
