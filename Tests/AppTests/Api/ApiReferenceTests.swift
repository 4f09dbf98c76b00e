import Foundation
import HTTPTypes
import Hummingbird
import Testing

@testable import App

@Suite("The API reference page is drawn from the served spec: every operation and schema, linked, without JavaScript")
struct ApiReferenceTests {
    @Test(
        "every operation of the spec is on the page, every link to a schema lands on its table, and no script draws it"
    )
    func page() async throws {
        try await TestApp.run { browser, _ in
            let page = try await browser.get("/api/reference")
            #expect(page.status == .ok)
            let spec = try String(contentsOfFile: TestApp.root + "/Resources/openapi.yaml", encoding: .utf8)
            let ids = spec.split(separator: "\n").compactMap { line -> String? in
                let line = line.trimmingCharacters(in: .whitespaces)
                return line.hasPrefix("operationId: ") && !line.contains("$") ? String(line.dropFirst(13)) : nil
            }
            let operations = Set(ids)
            #expect(operations.count >= 24)
            for id in operations {
                #expect(page.html.contains("id=\"\(id)\""), "\(id)")
                #expect(page.html.contains("href=\"#\(id)\""), "\(id)")
            }
            #expect(page.html.contains("<code>POST /api/v1/stashes/{stashId}/entries</code>"))
            #expect(page.html.contains("<code>Idempotency-Key</code>"))
            // Every in-page link has its target
            let targets = page.html.matches(of: /href="#([^"]+)"/).map { String($0.1) }
            #expect(!targets.isEmpty)
            for target in Set(targets) { #expect(page.html.contains("id=\"\(target)\""), "#\(target)") }
            #expect(page.html.contains("<a href=\"#schema-Money\"><code>Money</code></a>"))
            #expect(page.html.contains("array of <a href=\"#schema-Transaction\">"))
            #expect(page.html.contains("string: save, spend"))
            // Drawn by the server: no script beyond the shell's own, which every page has
            let login = try await browser.get("/login")
            #expect(
                page.html.components(separatedBy: "<script").count
                    == login.html.components(separatedBy: "<script").count
            )
            #expect(page.html.contains("href=\"/api/openapi.yaml\""))

            let german = try await browser.client.executeRequest(
                uri: "/api/reference",
                method: .get,
                headers: [.acceptLanguage: "de-DE"],
                body: nil
            )
            #expect(String(buffer: german.body).contains("<h3>Parameter</h3>"))
            #expect(String(buffer: german.body).contains("API-Referenz"))
        }
    }

    @Test("a spec of the test's own: parameters from components, request bodies, arrays, enums and bounds")
    func parse() throws {
        let reference = try ApiReference.parse(
            """
            openapi: 3.1.0
            info: {title: Tiny, version: '2'}
            servers: [{url: /v2}]
            paths:
              /things/{id}:
                post:
                  operationId: makeThing
                  tags: [Things]
                  parameters:
                    - $ref: '#/components/parameters/Id'
                    - {name: limit, in: query, schema: {type: integer, minimum: 1, maximum: 5, default: 2}}
                  requestBody:
                    content:
                      application/json:
                        schema: {$ref: '#/components/schemas/Thing'}
                  responses:
                    '201':
                      description: Made.
                      content:
                        application/json:
                          schema: {type: array, items: {$ref: '#/components/schemas/Thing'}}
                    '404': {$ref: '#/components/responses/Missing'}
            components:
              parameters:
                Id: {name: id, in: path, required: true, schema: {type: integer, format: int64}}
              responses:
                Missing: {description: No such thing.}
              schemas:
                Thing:
                  type: object
                  required: [colour]
                  properties:
                    colour: {type: string, enum: [red, blue], description: Its colour.}
            """
        )
        #expect(reference.server == "/v2" && reference.title == "Tiny")
        let make = try #require(reference.operations.first)
        #expect(make.id == "makeThing" && make.method == "POST" && make.tag == "Things")
        #expect(make.parameters.map(\.name) == ["id", "limit"])
        #expect(make.parameters.first?.required == true)
        #expect(make.parameters.first?.type == .plain("integer (int64)"))
        #expect(make.parameters.last?.type == .plain("integer, ≥ 1, ≤ 5, default 2"))
        #expect(make.body == .schema("Thing"))
        #expect(make.answers.map(\.status) == ["201", "404"])
        #expect(make.answers.first?.type == .array(.schema("Thing")))
        #expect(make.answers.last?.description == "No such thing.")
        let thing = try #require(reference.schemas.first)
        #expect(thing.properties.first?.type == .plain("string: red, blue") && thing.properties.first?.required == true)
    }
}
