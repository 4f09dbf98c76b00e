import Foundation
import Testing

@testable import App

@Suite("Card catalogue")
struct CatalogueTests {
    @Test("the shipped catalogue loads with at least 15 cards, each with colours and valid benefits")
    func shipped() throws {
        let catalogue = try CardCatalogue.load(path: CardCatalogue.path(resourcesDirectory: TestApp.root))
        #expect(catalogue.cards.count >= 15)
        #expect(!catalogue.version.isEmpty)
        let platinum = try #require(catalogue.card(id: "amex-platinum"))
        #expect(platinum.annualFeeCents == 69_500)
        #expect(
            platinum.benefits.contains { $0.name == "Uber Cash" && $0.period == .monthly && $0.valueCents == 1_500 }
        )
        #expect(catalogue.card(id: "chase-sapphire-reserve") != nil)
    }

    @Test(
        "broken catalogues are refused with the problem named",
        arguments: [
            ("{", "not valid JSON"),
            (##"{"version": "1", "date": "2026-01-15"}"##, "missing \"cards\""),
            (##"{"version": "1", "date": "15/01/2026", "cards": []}"##, "\"date\" must be YYYY-MM-DD"),
            (##"{"version": "1", "date": "2026-01-15", "cards": []}"##, "\"cards\" is empty"),
            (
                ##"{"version": "1", "date": "2026-01-15", "cards": [{"id": "a", "issuer": "X", "name": "Y", "annualFeeCents": 0, "gradient": {"start": "#000000", "end": "#ffffff"}, "benefits": [{"name": "B", "valueCents": 100, "period": "weekly"}]}]}"##,
                "cards[0].benefits[0].period must be one of monthly"
            ),
            (
                ##"{"version": "1", "date": "2026-01-15", "cards": [{"id": "a", "issuer": "X", "name": "Y", "annualFeeCents": 0, "gradient": {"start": "red", "end": "#ffffff"}, "benefits": []}]}"##,
                "cards[0].gradient.start \"red\" must be a colour"
            ),
            (
                ##"{"version": "1", "date": "2026-01-15", "cards": [{"id": "a", "issuer": "X", "name": "Y", "annualFeeCents": 0, "gradient": {"start": "#000000", "end": "#ffffff"}, "benefits": []}, {"id": "a", "issuer": "X", "name": "Z", "annualFeeCents": 0, "gradient": {"start": "#000000", "end": "#ffffff"}, "benefits": []}]}"##,
                "cards[1].id \"a\" appears twice"
            ),
            (
                ##"{"version": "1", "date": "2026-01-15", "cards": [{"id": "a", "issuer": "X", "name": "Y", "annualFeeCents": 0, "gradient": {"start": "#000000", "end": "#ffffff"}, "benefits": [{"name": "B", "valueCents": 0, "period": "monthly"}]}]}"##,
                "valueCents must be above zero"
            ),
        ]
    )
    func broken(json: String, problem: String) throws {
        let folder = try TestApp.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/Resources", withIntermediateDirectories: true)
        let path = CardCatalogue.path(resourcesDirectory: folder)
        try json.write(toFile: path, atomically: true, encoding: .utf8)
        let error = #expect(throws: StartupError.self) { try CardCatalogue.load(path: path) }
        #expect(error?.description.contains(path) == true)
        #expect(error?.description.contains(problem) == true, "\(error?.description ?? "")")
        #expect(error?.description.contains("\n") == false)
    }

    @Test("a broken catalogue stops the start with one clear line naming the file")
    func stopsStart() async throws {
        let folder = try TestApp.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var config = TestApp.config(clock: TestClock())
        config.resourcesDirectory = folder
        // Missing file
        await #expect(throws: StartupError.self) {
            _ = try await buildApplication(config, database: try AppDatabase.inMemory())
        }
        // Broken file
        try FileManager.default.createDirectory(atPath: folder + "/Resources", withIntermediateDirectories: true)
        try "{\"version\": \"1\"".write(
            toFile: folder + "/Resources/card-catalogue.json",
            atomically: true,
            encoding: .utf8
        )
        do {
            _ = try await buildApplication(config, database: try AppDatabase.inMemory())
            Issue.record("the start should have failed")
        } catch let error as StartupError {
            #expect(
                error.description == "card catalogue \(folder)/Resources/card-catalogue.json is invalid: not valid JSON"
            )
        }
    }
}
