import Foundation

@testable import App

extension Browser {
    /// Creates a stash through the form and returns its id.
    func createStash(
        name: String,
        kind: String = "save",
        target: String,
        goal: String = "",
        reward: String = "",
        category: String = "Other"
    ) async throws -> Int64 {
        // The category by name: one of the kind's, or a new one (`StashCategory`).
        try await get("/stashes/new")
        let page = try await post(
            "/stashes",
            [
                ("name", name), ("kind", kind), ("target", target), ("goal", goal), ("reward", reward),
                ("category", ""), ("newCategory", category), ("reminder", "off"),
            ]
        )
        guard page.status == .seeOther, let location = page.location,
            let id = Int64(location.split(separator: "/").last ?? "")
        else { throw StashTestError.notCreated(page.status.code, page.html) }
        return id
    }

    /// Adds an entry through the form.
    @discardableResult
    func addEntry(stash id: Int64, amount: String, date: String, note: String = "") async throws -> Page {
        try await get("/stashes/\(id)/entries/new")
        return try await post("/stashes/\(id)/entries", [("amount", amount), ("date", date), ("note", note)])
    }
}

enum StashTestError: Error {
    case notCreated(Int, String)
}
