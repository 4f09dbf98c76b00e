/// The paths of importing a bank statement (CSV) into the ledger.
enum BankImportPaths {
    static let upload = "/transactions/import"
}
