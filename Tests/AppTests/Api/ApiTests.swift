import Foundation
import GRDB
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import App

@Suite(
    "The JSON API: bearer tokens only, problem details, its spec served, and the glance figures as the pages show them"
)
struct ApiTests {
    /// A request to the API with `token` (if any) and extra headers, as a script would send it.
    static func call(
        _ browser: Browser,
        _ path: String,
        token: String?,
        method: HTTPRequest.Method = .get,
        headers: HTTPFields = [:],
        json: String? = nil
    ) async throws -> (status: HTTPResponse.Status, headers: HTTPFields, body: String) {
        var headers = headers
        if let token { headers[.authorization] = "Bearer \(token)" }
        if json != nil { headers[.contentType] = "application/json" }
        let response = try await browser.client.executeRequest(
            uri: path,
            method: method,
            headers: headers,
            body: json.map { ByteBuffer(string: $0) }
        )
        return (response.status, response.headers, String(buffer: response.body))
    }

    /// Makes a token in Profile → API tokens and returns it.
    static func token(_ browser: Browser, scope: String = "read") async throws -> String {
        try await browser.get("/profile/api-tokens")
        let page = try await browser.post("/profile/api-tokens", [("name", "Script"), ("scope", scope)])
        return try #require(ApiTokensTests.secret(in: page.html))
    }

    @Test("the spec is served as it is in the repository")
    func spec() async throws {
        try await TestApp.run { browser, _ in
            let response = try await Self.call(browser, "/api/openapi.yaml", token: nil)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "application/yaml; charset=utf-8")
            #expect(
                response.body
                    == (try String(contentsOfFile: TestApp.root + "/Resources/openapi.yaml", encoding: .utf8))
            )
        }
    }

    @Test(
        "no token, a wrong one, the session cookie alone or a revoked token get 401 problem details; no route answers in HTML"
    )
    func refusals() async throws {
        try await TestApp.run { browser, database in
            try await browser.signUp(email: ApiTokensTests.email)
            for token in [nil, "stsh_wrong", "not-even-a-token"] as [String?] {
                let refused = try await Self.call(browser, "/api/v1/glance", token: token)
                #expect(refused.status == .unauthorized)
                #expect(refused.headers[.contentType] == "application/problem+json")
                #expect(refused.headers[.wwwAuthenticate] == "Bearer")
                let problem = try JSONDecoder().decode(Components.Schemas.Problem.self, from: Data(refused.body.utf8))
                #expect(problem.status == 401 && problem.title == "A live API token is needed")
            }
            // The browser's cookies go with `browser.get`, but never count here
            let page = try await browser.get("/api/v1/glance")
            #expect(page.status == .unauthorized)
            let german = try await Self.call(browser, "/api/v1/glance", token: nil, headers: [.acceptLanguage: "de-DE"])
            #expect(german.body.contains("Ein gültiges API-Token wird benötigt"))

            let read = try await Self.token(browser)
            #expect(try await Self.call(browser, "/api/v1/glance", token: read).status == .ok)
            // A path or method the API hasn't is a problem too, never the pages' HTML
            for (path, method) in [("/api/v1/nothing-here", HTTPRequest.Method.get), ("/api/v1/glance", .post)] {
                let missing = try await Self.call(browser, path, token: read, method: method)
                #expect(missing.status == .notFound, "\(method) \(path)")
                #expect(missing.headers[.contentType] == "application/problem+json", "\(method) \(path)")
                #expect(missing.body.contains("\"status\":404"), "\(method) \(path)")
            }

            let id = try #require(try ApiTokensTests.tokens(database).first?.id)
            try await browser.get("/profile/api-tokens")
            try await browser.post("/profile/api-tokens/\(id)/delete")
            #expect(try await Self.call(browser, "/api/v1/glance", token: read).status == .unauthorized)
        }
    }

    @Test("a read-only token may only read: any other method is a 403 in the member's language, before the handler")
    func readOnly() async throws {
        try await TestApp.run { browser, _ in
            try await browser.signUp(email: ApiTokensTests.email)
            let read = try await Self.token(browser)
            let write = try await Self.token(browser, scope: "write")
            for method in [HTTPRequest.Method.post, .delete] {
                let path = method == .post ? "/api/v1/notifications/999/read" : "/api/v1/wallet/benefits/999/use"
                let refused = try await Self.call(browser, path, token: read, method: method)
                #expect(refused.status == .forbidden)
                #expect(refused.headers[.contentType] == "application/problem+json")
                #expect(refused.body.contains("This token may only read"))
                // A token that may change gets as far as the handler, which finds nothing of the member's
                let allowed = try await Self.call(browser, path, token: write, method: method)
                #expect(allowed.status == .notFound)
                #expect(allowed.body.contains("Nothing of yours has that id."))
            }
        }
    }

    @Test(
        "the glance gives safe to spend as the pages show it, in cents with the currency, and is the token's member's alone"
    )
    func glance() async throws {
        try await TestApp.run { browser, database in
            _ = try await SafeToSpendTests.fixture(browser, database)
            let token = try await Self.token(browser)
            let response = try await Self.call(browser, "/api/v1/glance", token: token)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "application/json; charset=utf-8")
            let glance = try JSONDecoder().decode(Components.Schemas.Glance.self, from: Data(response.body.utf8))
            #expect(glance.day == "2026-11-22")
            #expect(glance.safeToSpend == .init(amount: 83_834, currency: "USD"))
            #expect(try await browser.get("/").html.contains("$838.34"))
            let totals = try database.for(userId: 1).monthTotals(month: Month(year: 2026, month: 11))
            #expect(glance.remainingThisMonth.amount == totals.remainingCents)

            // Another member's token reads their own figures
            let other = Browser(client: browser.client)
            try await other.signUp(email: "bo@example.com")
            let theirs = try await Self.call(other, "/api/v1/glance", token: try await Self.token(other))
            let their = try JSONDecoder().decode(Components.Schemas.Glance.self, from: Data(theirs.body.utf8))
            #expect(their.safeToSpend.amount == 0 && their.stashesBehindPace.isEmpty)
        }
    }
}
