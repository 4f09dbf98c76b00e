/// RFC 4180 text: CRLF line ends, fields quoted when they hold a comma, quote or line break, quotes doubled.
/// Text that a spreadsheet would run as a formula (starting with = + - @, tab or CR) gets a leading `'`.
struct CSVWriter {
    private(set) var text = ""

    mutating func append(_ fields: [String]) {
        for (index, field) in fields.enumerated() {
            if index > 0 { text.append(",") }
            Self.write(field, into: &text)
        }
        text.append("\r\n")
    }

    static func escape(_ field: String) -> String {
        var text = ""
        write(field, into: &text)
        return text
    }

    /// Appends `field` escaped, reading its bytes once (every character this looks for is ASCII).
    private static func write(_ field: String, into text: inout String) {
        let formula = field.utf8.first.map { "=+-@\t\r".utf8.contains($0) } ?? false
        let quoted = field.utf8.contains { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D }
        if quoted { text.append("\"") }
        if formula { text.append("'") }
        text.append(quoted ? field.replacingOccurrences(of: "\"", with: "\"\"") : field)
        if quoted { text.append("\"") }
    }
}
