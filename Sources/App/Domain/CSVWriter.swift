/// RFC 4180 text: CRLF line ends, fields quoted when they hold a comma, quote or line break, quotes doubled.
/// Text that a spreadsheet would run as a formula (starting with = + - @, tab or CR) gets a leading `'`.
struct CSVWriter {
    private(set) var text = ""

    mutating func append(_ fields: [String]) {
        var first = true
        for field in fields {
            if !first { text += "," }
            first = false
            text += Self.escape(field)
        }
        text += "\r\n"
    }

    static func escape(_ field: String) -> String {
        var value = field
        if let lead = value.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(lead) {
            value = "'" + value
        }
        guard value.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) else {
            return value
        }
        return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
