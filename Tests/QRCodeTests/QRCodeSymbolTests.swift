import Foundation
import Testing

@testable import QRCode

@Suite("QR Code symbol and SVG")
struct QRCodeSymbolTests {
    @Test(
        "finder patterns sit in three corners with light separators, the fourth corner has none",
        arguments: [1, 7, 40]
    )
    func finderPatterns(version: Int) throws {
        let code = try QRCode(text(forVersion: version), errorCorrection: .low)
        #expect(code.version == version)
        let last = code.size - 7
        for (left, top) in [(0, 0), (last, 0), (0, last)] {
            for dy in -1...7 {
                for dx in -1...7 {
                    let ring = max(abs(dx - 3), abs(dy - 3))
                    #expect(code[left + dx, top + dy] == (ring != 2 && ring != 4), "(\(left + dx), \(top + dy))")
                }
            }
        }
    }

    @Test("timing patterns alternate between the finders and the dark module is set", arguments: [1, 7, 40])
    func timingAndDarkModule(version: Int) throws {
        let code = try QRCode(text(forVersion: version), errorCorrection: .low)
        for index in 8..<code.size - 8 {
            #expect(code[index, 6] == index.isMultiple(of: 2))
            #expect(code[6, index] == index.isMultiple(of: 2))
        }
        #expect(code[8, 4 * version + 9])
    }

    @Test("both copies of the format information read the level and the chosen mask")
    func formatInformationCopies() throws {
        let code = try QRCode("otpauth://totp/x", errorCorrection: .quartile)
        let bits = QRCode.formatBits(level: .quartile, mask: code.mask)
        let aroundFinder = [
            (8, 0), (8, 1), (8, 2), (8, 3), (8, 4), (8, 5), (8, 7), (8, 8),
            (7, 8), (5, 8), (4, 8), (3, 8), (2, 8), (1, 8), (0, 8),
        ]
        let split = (0..<8).map { (code.size - 1 - $0, 8) } + (8..<15).map { (8, code.size - 15 + $0) }
        for (bit, (first, second)) in zip(aroundFinder, split).enumerated() {
            let expected = (bits >> bit) & 1 == 1
            #expect(code[first.0, first.1] == expected, "bit \(bit)")
            #expect(code[second.0, second.1] == expected, "bit \(bit)")
        }
    }

    @Test("the SVG has a viewBox of the size plus an 8-module quiet zone and escapes its label")
    func svgDocument() throws {
        let code = try QRCode("hello")
        let svg = code.svg(label: #"Scan "me" <now> & go"#, pixelSize: 300)
        let side = code.size + 8
        #expect(svg.hasPrefix(#"<svg xmlns="http://www.w3.org/2000/svg" width="300" height="300" "#))
        #expect(svg.contains(#"viewBox="0 0 \#(side) \#(side)""#))
        #expect(svg.contains(#"shape-rendering="crispEdges""#))
        #expect(svg.contains(#"role="img" aria-label="Scan &quot;me&quot; &lt;now&gt; &amp; go""#))
        #expect(svg.contains("<title>Scan &quot;me&quot; &lt;now&gt; &amp; go</title>"))
        #expect(svg.contains(##"<rect width="\##(side)" height="\##(side)" fill="#fff"/>"##))
        #expect(svg.components(separatedBy: "<path").count == 2)
        #expect(svg.hasSuffix("</svg>"))
    }

    @Test("the SVG path covers exactly the dark modules, shifted by the quiet zone")
    func svgPathMatchesModules() throws {
        let code = try QRCode("Zoë €5")
        let svg = code.svg(label: "code")
        let path = try #require(svg.split(separator: " d=\"").last?.split(separator: "\"").first)
        var painted = Set<[Int]>()
        for run in path.split(separator: "M") {
            // Each run is "M<x> <y>h<width>v1h-<width>z".
            let numbers = run.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
            let (x, y, width) = (numbers[0], numbers[1], numbers[2])
            for column in x..<x + width {
                painted.insert([column - 4, y - 4])
            }
        }
        for y in 0..<code.size {
            for x in 0..<code.size {
                #expect(painted.contains([x, y]) == code[x, y], "(\(x), \(y))")
            }
        }
    }
}

/// ASCII text that needs exactly `version` at level L (for the versions the tests use).
func text(forVersion version: Int) -> String {
    let length = [1: 17, 7: 154, 40: 2953][version] ?? 1
    return String(repeating: "Q", count: length)
}
