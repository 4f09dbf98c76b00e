import Foundation
import Testing

/// The pages in `Views/` compile into the App module, so the compiler no longer keeps them away from the database and
/// the request: this check does. A view takes its view model and returns `HTML`; it may use `HTML`, Foundation, the
/// features' paths and plain values, never a record, a store, a database or a request.
@Suite("View boundary")
struct ViewBoundaryTests {
    static let root = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// Names a view must not use: GRDB and the stores, Hummingbird's request and the app's contexts, and the records
    /// (a record's nested value type, such as `Category.Kind`, is a plain value and allowed).
    static let forbidden = [
        "Database", "DatabaseQueue", "DatabasePool", "DatabaseWriter", "Row", "AppDatabase", "MemberStore",
        "Request", "Response", "MemberContext", "AppRequestContext", "PageContext", "Member", "UserCache",
        "Badge", "BenefitUse", "CardBenefit", "Category", "Coupon", "IncomeSource", "LedgerEntry", "MoneyAccount",
        "PushChannel", "Reminder", "SessionRecord", "Stash", "StashTarget", "Subscription", "User", "WalletCard",
        "WalletSettings",
    ]

    static func viewFiles() throws -> [URL] {
        let folder = root.appending(path: "Views")
        let files =
            FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
        return files.sorted { $0.path < $1.path }
    }

    /// The code of a file without its comments and string literals' text (markup may say "User" or "Row"). The code
    /// interpolated into a literal is kept, and a literal inside it is dropped in turn.
    static func code(of source: String) -> String {
        var scanner = CodeScanner(characters: Array(source))
        scanner.code(closing: false)
        return scanner.result
    }

    /// Walks a file's characters, copying its code to `result`.
    struct CodeScanner {
        let characters: [Character]
        var index = 0
        var result = ""

        func starts(with text: String) -> Bool {
            characters[index...].starts(with: text)
        }

        /// Code up to the end, or up to the `)` that closes an interpolation.
        mutating func code(closing: Bool) {
            var depth = 0
            while index < characters.count {
                if starts(with: "//") {
                    index = characters[index...].firstIndex(of: "\n") ?? characters.count
                } else if starts(with: "/*") {
                    index += 2
                    while index < characters.count && !starts(with: "*/") { index += 1 }
                    index = min(index + 2, characters.count)
                } else if characters[index] == "\"" {
                    literal()
                } else {
                    if closing && characters[index] == ")" {
                        if depth == 0 {
                            index += 1
                            return
                        }
                        depth -= 1
                    } else if closing && characters[index] == "(" {
                        depth += 1
                    }
                    result.append(characters[index])
                    index += 1
                }
            }
        }

        /// A string literal: its text is dropped, the code of its interpolations kept.
        mutating func literal() {
            let delimiter = starts(with: "\"\"\"") ? "\"\"\"" : "\""
            index += delimiter.count
            result += " "
            while index < characters.count {
                if starts(with: delimiter) {
                    index += delimiter.count
                    break
                }
                if starts(with: "\\(") {
                    index += 2
                    result += " "
                    code(closing: true)
                    result += " "
                } else {
                    // An escaped character (`\"`, `\\`) is skipped with its backslash.
                    index += characters[index] == "\\" ? 2 : 1
                }
            }
            result += " "
        }
    }

    /// The types a file declares (`struct Row` of `CategoriesPages`): its own view models, whatever their names.
    static func declaredTypes(in code: String) -> Set<String> {
        Set(
            code.matches(of: /\b(?:struct|enum|class|typealias)\s+([A-Za-z_][A-Za-z0-9_]*)/).map { String($0.output.1) }
        )
    }

    @Test("views import only HTML and Foundation")
    func imports() throws {
        let files = try Self.viewFiles()
        #expect(files.count > 20)
        for file in files {
            let source = try String(contentsOf: file, encoding: .utf8)
            let imports = source.split(separator: "\n").filter { $0.hasPrefix("import ") || $0.hasPrefix("@testable") }
            for line in imports {
                #expect(line == "import HTML" || line == "import Foundation", "\(file.lastPathComponent): \(line)")
            }
        }
    }

    @Test("views name no database, request or record type")
    func noDatabaseOrRequest() throws {
        let name = /[A-Za-z_][A-Za-z0-9_]*/
        for file in try Self.viewFiles() {
            let code = Self.code(of: try String(contentsOf: file, encoding: .utf8))
            let declared = Self.declaredTypes(in: code)
            for match in code.matches(of: name) {
                let word = String(match.output)
                // A view model of the file's own that shares a record's name (`HouseholdPages.Member`) is not it.
                guard Self.forbidden.contains(word), !declared.contains(word) else { continue }
                // `Category.Kind`: a value type nested in a record is allowed; the record itself is not.
                let after = code[match.range.upperBound...]
                if after.hasPrefix("."), let next = after.dropFirst().first, next.isUppercase { continue }
                // A member named like a type (`page.user`, `stash:`) is lower-case and never matches.
                let before = code[..<match.range.lowerBound].last
                if before == "." { continue }
                Issue.record("\(file.lastPathComponent) uses \(word)")
            }
        }
    }

    @Test("the check finds a record, a request and a store in code, and ignores them in text and comments")
    func checkCanFail() {
        let code = Self.code(
            of: "// a User\nlet x = \"User \\(page.user.name) Row\"\nfunc f(_ r: Request, s: MemberStore) {}"
        )
        #expect(!code.contains("User"))
        #expect(!code.contains("Row"))
        #expect(code.contains("page.user.name"))
        #expect(code.contains("Request") && code.contains("MemberStore"))
    }

    @Test("a literal inside an interpolation is text, and the code around and after it is still code")
    func nestedLiterals() {
        let source = """
            let x = "a \\(flag ? "User (one)" : "Row)") b \\(f(g("Stash"), Badge.self)) c"
            /* a Category */ let y: Reminder = \"\"\"
                \\(list.map { "<li>\\($0) \\"Coupon\\"</li>" as HTML })
                \\(Subscription.count)
                \"\"\"
            """
        let code = Self.code(of: source)
        for word in ["User", "Row", "Stash", "Category", "Coupon"] {
            #expect(!code.contains(word), "\(word)")
        }
        for word in ["flag", "Badge", "Reminder", "list.map", "$0", "Subscription.count"] {
            #expect(code.contains(word), "\(word)")
        }
        #expect(Self.declaredTypes(in: "struct Row: Sendable {} enum Member {}") == ["Row", "Member"])
    }
}
