import Mustache

/// Mustache's HTML escaping for `{{name}}`, done on UTF-8 bytes: the five characters that matter are single ASCII
/// bytes that never occur inside a multi-byte sequence, so a `<` followed by a combining mark is escaped too (the
/// library's own escaper compares whole characters and lets it through), and text with nothing to escape — most
/// text — is returned without copying. `layout.mustache` selects it with `{{% CONTENT_TYPE: HTML}}`.
struct HTMLEscaping: MustacheContentType {
    func escapeText(_ text: String) -> String {
        let bytes = text.utf8
        guard bytes.contains(where: Self.needsEscaping) else { return text }
        var escaped: [UInt8] = []
        escaped.reserveCapacity(bytes.count + 16)
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "<"): escaped.append(contentsOf: "&lt;".utf8)
            case UInt8(ascii: ">"): escaped.append(contentsOf: "&gt;".utf8)
            case UInt8(ascii: "&"): escaped.append(contentsOf: "&amp;".utf8)
            case UInt8(ascii: "\""): escaped.append(contentsOf: "&quot;".utf8)
            case UInt8(ascii: "'"): escaped.append(contentsOf: "&#39;".utf8)
            default: escaped.append(byte)
            }
        }
        return String(decoding: escaped, as: UTF8.self)
    }

    private static func needsEscaping(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "&") || byte == UInt8(ascii: "\"")
            || byte == UInt8(ascii: "'")
    }

    /// Makes `{{% CONTENT_TYPE: HTML}}` choose this escaper; called before any template is parsed.
    static func register() {
        MustacheContentTypes.register(HTMLEscaping(), named: "HTML")
    }
}
