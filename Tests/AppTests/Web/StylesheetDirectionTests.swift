import Foundation
import Testing

@Suite("Stylesheet direction")
struct StylesheetDirectionTests {
    @Test("the stylesheet places things by logical properties, so a right-to-left language needs no CSS change")
    func logicalProperties() throws {
        let css = try String(contentsOfFile: TestApp.root + "/Public/css/app.css", encoding: .utf8)
        // Comments describe the layout in words; only declarations count.
        let code = css.replacing(try Regex(#"/\*[\s\S]*?\*/"#), with: "")
        let physical = try Regex(
            #"(?:^|[^-\w])(margin|padding|border)-(left|right)\b|(?:^|[^-\w])(left|right)\s*:|text-align:\s*(left|right)|float:\s*(left|right)|border-(top|bottom)-(left|right)-radius"#
        )
        let found = code.split(separator: "\n").filter { $0.contains(physical) }
        #expect(found.isEmpty, "physical properties: \(found.prefix(10))")
    }
}
