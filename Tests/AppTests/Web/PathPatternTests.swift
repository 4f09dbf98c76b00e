import Testing

@testable import App

@Suite("Path patterns")
struct PathPatternTests {
    @Test("a pattern fills its one parameter in, wherever it sits")
    func fillsTheParameter() {
        #expect(StashPaths.edit(3) == "/stashes/3/edit")
        #expect(StashPaths.stash(42) == "/stashes/42")
        #expect(PathPattern("/:id")(7) == "/7")
        #expect(BudgetPaths.pastReport(Month(year: 2026, month: 11)) == "/budget/reports/2026-11")
        #expect(WalletPaths.addFromCatalogue("amex-gold") == "/wallet/catalogue/amex-gold/add")
        #expect(StashPaths.edit.pattern == "/stashes/:id/edit")
    }
}
