/// The paths of importing a bank statement (CSV) into the ledger.
enum BankImportPaths {
    static let upload = "/transactions/import"
    static let preview = "/transactions/import/preview"
    /// Removes every transaction of one import.
    static let undo = PathPattern("/transactions/import/:id/undo")
}
