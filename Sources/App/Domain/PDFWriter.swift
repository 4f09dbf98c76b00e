import Foundation

/// A small PDF 1.4 writer: pages of Helvetica text (WinAnsi) and filled or stroked vector shapes, with a correct
/// cross-reference table. Coordinates are PDF points from the bottom-left of an A4 page.
struct PDFWriter {
    /// A colour as RGB fractions.
    struct Color: Sendable {
        let red: Double, green: Double, blue: Double

        static let text = Color(red: 0, green: 0, blue: 0)
        static let secondary = Color(red: 0.42, green: 0.42, blue: 0.42)
        static let divider = Color(red: 0.9, green: 0.9, blue: 0.9)
        static let accent = Color(red: 0, green: 0.478, blue: 1)
        static let saved = Color(red: 0.086, green: 0.639, blue: 0.290)
        static let spent = Color(red: 0.863, green: 0.149, blue: 0.149)
    }

    static let pageWidth = 595.0
    static let pageHeight = 842.0

    private(set) var pages: [[UInt8]] = []
    private var current: [UInt8] = []

    init() {}

    /// Ends the page being drawn (if it has anything) and starts a new one.
    mutating func newPage() {
        if !current.isEmpty { pages.append(current) }
        current = []
    }

    mutating func text(
        _ string: String,
        x: Double,
        y: Double,
        size: Double = 10,
        bold: Bool = false,
        color: Color = .text,
        alignRight: Bool = false
    ) {
        let encoded = Self.winAnsi(string)
        let originX = alignRight ? x - Self.width(of: encoded, size: size, bold: bold) : x
        emit(
            "BT /\(bold ? "F2" : "F1") \(Self.number(size)) Tf \(fill(color)) \(Self.number(originX)) \(Self.number(y)) Td ("
        )
        current += Self.escapeLiteral(encoded)
        emit(") Tj ET\n")
    }

    mutating func rect(x: Double, y: Double, width: Double, height: Double, color: Color) {
        emit("\(fill(color)) \(Self.number(x)) \(Self.number(y)) \(Self.number(width)) \(Self.number(height)) re f\n")
    }

    mutating func line(x1: Double, y1: Double, x2: Double, y2: Double, color: Color = .divider, width: Double = 0.5) {
        emit(
            "\(Self.number(color.red)) \(Self.number(color.green)) \(Self.number(color.blue)) RG \(Self.number(width)) w "
                + "\(Self.number(x1)) \(Self.number(y1)) m \(Self.number(x2)) \(Self.number(y2)) l S\n"
        )
    }

    private func fill(_ color: Color) -> String {
        "\(Self.number(color.red)) \(Self.number(color.green)) \(Self.number(color.blue)) rg"
    }

    private mutating func emit(_ ascii: String) {
        current += Array(ascii.utf8)
    }

    /// The finished document.
    mutating func document(title: String) -> [UInt8] {
        newPage()
        if pages.isEmpty { pages = [[]] }
        var output: [UInt8] = Array("%PDF-1.4\n%".utf8) + [0xE2, 0xE3, 0xCF, 0xD3, 0x0A]
        var offsets: [Int] = []
        func object(_ body: [UInt8]) {
            offsets.append(output.count)
            output += Array("\(offsets.count) 0 obj\n".utf8) + body + Array("\nendobj\n".utf8)
        }
        let firstPage = 6
        let kids = pages.indices.map { "\(firstPage + 2 * $0) 0 R" }.joined(separator: " ")
        object(Array("<< /Type /Catalog /Pages 2 0 R >>".utf8))
        object(Array("<< /Type /Pages /Kids [\(kids)] /Count \(pages.count) >>".utf8))
        object(Array("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>".utf8))
        object(Array("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>".utf8))
        object(
            Array("<< /Title (".utf8) + Self.escapeLiteral(Self.winAnsi(title))
                + Array(") /Producer (Stashify) >>".utf8)
        )
        for (index, content) in pages.enumerated() {
            object(
                Array(
                    """
                    << /Type /Page /Parent 2 0 R /MediaBox [0 0 \(Int(Self.pageWidth)) \(Int(Self.pageHeight))] \
                    /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents \(firstPage + 2 * index + 1) 0 R >>
                    """.utf8
                )
            )
            object(Array("<< /Length \(content.count) >>\nstream\n".utf8) + content + Array("\nendstream".utf8))
        }
        let xref = output.count
        var table = "xref\n0 \(offsets.count + 1)\n0000000000 65535 f \n"
        for offset in offsets { table += String(format: "%010d 00000 n \n", offset) }
        table += "trailer\n<< /Size \(offsets.count + 1) /Root 1 0 R /Info 5 0 R >>\nstartxref\n\(xref)\n%%EOF\n"
        return output + Array(table.utf8)
    }

    // MARK: - Text encoding

    private static let windows1252: [UInt32: UInt8] = [
        0x20AC: 0x80, 0x201A: 0x82, 0x0192: 0x83, 0x201E: 0x84, 0x2026: 0x85, 0x2020: 0x86, 0x2021: 0x87, 0x02C6: 0x88,
        0x2030: 0x89, 0x0160: 0x8A, 0x2039: 0x8B, 0x0152: 0x8C, 0x017D: 0x8E, 0x2018: 0x91, 0x2019: 0x92, 0x201C: 0x93,
        0x201D: 0x94, 0x2022: 0x95, 0x2013: 0x96, 0x2014: 0x97, 0x02DC: 0x98, 0x2122: 0x99, 0x0161: 0x9A, 0x203A: 0x9B,
        0x0153: 0x9C, 0x017E: 0x9E, 0x0178: 0x9F, 0x2212: 0x2D, 0x2713: 0x2A,
        // The spaces and hyphens CLDR formats write (French "1 234,56 €" and "42 %" use a narrow no-break space).
        0x202F: 0xA0, 0x2007: 0xA0, 0x2009: 0x20, 0x200A: 0x20, 0x2010: 0x2D, 0x2011: 0x2D,
    ]

    /// `string` in WinAnsiEncoding: Latin-1 (é, ü, ñ, ß…) and the Windows-1252 extras (€, „, “, œ…) as they are,
    /// the spaces of number formats as (no-break) spaces, control characters as spaces, anything else as `?`.
    static func winAnsi(_ string: String) -> [UInt8] {
        string.unicodeScalars.map { scalar in
            let value = scalar.value
            switch value {
            case 0..<0x20, 0x7F: return 0x20
            case 0x20..<0x7F, 0xA0...0xFF: return UInt8(value)
            default: return windows1252[value] ?? 0x3F
            }
        }
    }

    /// Bytes for a PDF literal string: `(`, `)` and `\` escaped.
    static func escapeLiteral(_ bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        for byte in bytes {
            if byte == 0x28 || byte == 0x29 || byte == 0x5C { result.append(0x5C) }
            result.append(byte)
        }
        return result
    }

    /// An estimate of a string's width in Helvetica (enough to right-align figures).
    static func width(of bytes: [UInt8], size: Double, bold: Bool) -> Double {
        let units = bytes.reduce(0.0) { total, byte in
            let character = Character(Unicode.Scalar(byte))
            let em: Double =
                switch character {
                case "0"..."9", "$": 0.556
                case ",", ".", " ", "\u{A0}": 0.278
                case "i", "l", "j", "I", "'", "!", "|": 0.25
                case "m", "w", "M", "W": 0.85
                case "A"..."Z": 0.68
                default: 0.53
                }
            return total + em
        }
        return units * size * (bold ? 1.05 : 1)
    }

    static func number(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        if rounded == rounded.rounded() { return String(Int(rounded)) }
        return String(format: "%.2f", rounded)
    }
}
