import Foundation
import GRDB
import Testing

@testable import App

@Suite("Budget categories: add, edit, reorder, hide, delete to Other")
struct CategoriesTests {
    static let email = "ann@example.com"

    func names(_ database: AppDatabase, kind: Category.Kind) async throws -> [String] {
        try database.read { db in
            try String.fetchAll(
                db,
                sql: "SELECT name FROM category WHERE kind = ? ORDER BY sortOrder, id",
                arguments: [kind.rawValue]
            )
        }
    }

    @Test("deleting a custom category moves its transactions to the kind's Other after saying how many")
    func deleteMovesToOther() async throws {
        try await TestApp.run { browser, database in
            try await browser.signUp(email: Self.email)
            try await browser.get("/budget/categories/new?kind=wants")
            let created = try await browser.post(
                "/budget/categories",
                [
                    ("name", "Pet Supplies"), ("kind", "wants"), ("icon", "paw"), ("color", "#EA580C"),
                ]
            )
            #expect(created.status == .seeOther)
            #expect(created.location == "/budget/categories?kind=wants")
            let pets = try await database.categoryId("Pet Supplies", kind: .wants, email: Self.email)
            let other = try await database.categoryId("Other", kind: .wants, email: Self.email)
            try await browser.addTransaction(amount: "12", kind: "wants", category: pets, date: "2026-11-20")
            try await browser.addTransaction(amount: "8", kind: "wants", category: pets, date: "2026-11-21")
            #expect(try await names(database, kind: .wants).last == "Pet Supplies")
            let list = try await browser.get("/budget/categories?kind=wants")
            #expect(list.html.contains("Custom · 2 transactions"))

            try await browser.get("/schedules/new")
            let saved = try await browser.post("/schedules", ScheduleTests.form(target: pets, ["name": "Pet food"]))
            #expect(saved.status == .seeOther)
            let confirm = try await browser.get("/budget/categories/\(pets)/delete")
            #expect(confirm.html.contains("Delete “Pet Supplies”?"))
            #expect(confirm.html.contains("2 transactions will be moved to “Other” category."))
            let deleted = try await browser.post("/budget/categories/\(pets)/delete")
            #expect(deleted.status == .seeOther)
            let rows = try await database.ledgerRows(email: Self.email)
            #expect(rows.map(\.categoryId) == [other, other])
            #expect(try ScheduleTests.schedules(database).map(\.categoryId) == [other])
            #expect(try database.for(userId: 1).category(id: pets) == nil)

            // Defaults can't be deleted
            let rent = try await database.categoryId("Rent/Mortgage", kind: .needs, email: Self.email)
            let refused = try await browser.post("/budget/categories/\(rent)/delete")
            #expect(refused.status == .badRequest)
        }
    }

    @Test("hidden defaults aren't offered when adding but keep their history; edits keep the hidden category")
    func hiddenDefaults() async throws {
        try await TestApp.run { browser, database in
            try await browser.signUp(email: Self.email)
            let hobbies = try await database.categoryId("Hobbies", kind: .wants, email: Self.email)
            try await browser.addTransaction(
                amount: "30",
                kind: "wants",
                category: hobbies,
                date: "2026-11-20",
                note: "Paint"
            )
            try await browser.get("/budget/categories?kind=wants")
            let hidden = try await browser.post("/budget/categories/\(hobbies)/hide")
            #expect(hidden.status == .seeOther)
            #expect(try database.for(userId: 1).category(id: hobbies)?.isHidden == true)
            let form = try await browser.get("/transactions/new?kind=wants")
            #expect(!form.html.contains(">Hobbies<"))
            let refused = try await browser.addTransaction(
                amount: "5",
                kind: "wants",
                category: hobbies,
                date: "2026-11-21"
            )
            #expect(refused.status == .unprocessableContent)
            #expect(refused.fieldError("category") == "Choose a category.")
            let wants = try await browser.get("/budget/wants")
            #expect(wants.html.contains("Hobbies"))
            #expect(wants.html.contains("$30.00"))
            let id = try #require(try await database.ledgerRows(email: Self.email).first?.id)
            let edit = try await browser.get("/transactions/\(id)/edit")
            #expect(edit.html.contains(">Hobbies<"))
        }
    }

    @Test("move up and down buttons reorder without JavaScript; rename with icon and colour")
    func reorderAndRename() async throws {
        try await TestApp.run { browser, database in
            try await browser.signUp(email: Self.email)
            let groceries = try await database.categoryId("Groceries", kind: .needs, email: Self.email)
            try await browser.get("/budget/categories?kind=needs")
            let moved = try await browser.post("/budget/categories/\(groceries)/move", [("direction", "up")])
            #expect(moved.status == .seeOther)
            #expect(try await names(database, kind: .needs).prefix(2) == ["Groceries", "Rent/Mortgage"])
            try await browser.get("/budget/categories?kind=needs")
            try await browser.post("/budget/categories/\(groceries)/move", [("direction", "down")])
            try await browser.get("/budget/categories?kind=needs")
            try await browser.post("/budget/categories/\(groceries)/move", [("direction", "down")])
            #expect(try await names(database, kind: .needs).prefix(3) == ["Rent/Mortgage", "Utilities", "Groceries"])

            try await browser.get("/budget/categories/\(groceries)/edit")
            let bad = try await browser.post(
                "/budget/categories/\(groceries)/edit",
                [
                    ("name", ""), ("kind", "needs"), ("icon", "rocket"), ("color", "red"),
                ]
            )
            #expect(bad.status == .unprocessableContent)
            #expect(bad.fieldError("name") == "Enter a name.")
            #expect(bad.html.contains("Choose an icon."))
            #expect(bad.html.contains("Choose a colour."))
            let saved = try await browser.post(
                "/budget/categories/\(groceries)/edit",
                [
                    ("name", "Food"), ("kind", "needs"), ("icon", "cart"), ("color", "#DC2626"),
                ]
            )
            #expect(saved.status == .seeOther)
            let category = try #require(try database.for(userId: 1).category(id: groceries))
            #expect(category.name == "Food")
            #expect(category.color == "#DC2626")
            let list = try await browser.get("/budget/categories?kind=needs")
            #expect(list.html.contains("swatch-dc2626"))
        }
    }
}
