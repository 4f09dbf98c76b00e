/// RFC 4180 text: CRLF line ends; every text field in double quotes, its quotes doubled; numbers (`-12.50`) and
/// dates and times (`2026-11-02`, `2026-11-02T10:00:00Z`) bare, as nothing in them can be misread.
/// Text that a spreadsheet would run as a formula (starting with = + - @, tab or CR) gets a leading `'`, and NUL
/// characters, which cut a field short in some readers, are dropped.
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

    /// Appends `field` escaped, reading its bytes once or twice (every character this looks for is ASCII).
    private static func write(_ field: String, into text: inout String) {
        var field = field
        if field.utf8.contains(0) { field.removeAll { $0 == "\0" } }
        if field.isEmpty || isNumberOrDate(field) {
            text.append(field)
            return
        }
        text.append("\"")
        if let first = field.utf8.first, "=+-@\t\r".utf8.contains(first) { text.append("'") }
        text.append(
            field.utf8.contains(UInt8(ascii: "\"")) ? field.replacingOccurrences(of: "\"", with: "\"\"") : field
        )
        text.append("\"")
    }

    /// A number (`12`, `-12.50`), or a date or time: it starts with a digit and holds only digits and `-:.TZ+`.
    /// Neither can be taken for a formula or hold a separator.
    static func isNumberOrDate(_ field: String) -> Bool {
        let bytes = field.utf8
        guard let first = bytes.first else { return false }
        let digit = { (byte: UInt8) in byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        if first == UInt8(ascii: "-") {
            // Negative numbers only: digits, then at most one point followed by digits.
            let rest = bytes.dropFirst()
            guard let second = rest.first, digit(second) else { return false }
            var point = false
            var last = second
            for byte in rest {
                if byte == UInt8(ascii: ".") {
                    guard !point else { return false }
                    point = true
                } else if !digit(byte) {
                    return false
                }
                last = byte
            }
            return digit(last)
        }
        return digit(first) && bytes.allSatisfy { digit($0) || "-:.TZ+".utf8.contains($0) }
    }
}
