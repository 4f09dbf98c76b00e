import Foundation

/// Finds where the members of a JSON object, and the elements of its arrays, begin and end, without building any of
/// them: each piece is then decoded on its own, so decoding costs memory in proportion to one piece and to what is
/// kept, never to the whole document (`JSONDecoder` holds about 25 bytes per byte of the text it is given).
///
/// It checks only what it needs to find boundaries (strings, nesting, the object's commas and colons); `JSONDecoder`
/// checks each piece fully when it decodes it.
struct JSONMemberScanner {
    /// The text isn't one JSON object, or a value in it is broken where a boundary was looked for.
    struct Invalid: Error {}

    let bytes: UnsafeBufferPointer<UInt8>

    /// The top-level object's members in order: each key (undecoded escapes aside, as written) and the byte range of
    /// its value.
    func members() throws -> [(key: String, value: Range<Int>)] {
        var index = skipSpace(0)
        try expect(UInt8(ascii: "{"), at: index)
        index = skipSpace(index + 1)
        var members: [(key: String, value: Range<Int>)] = []
        if byte(at: index) == UInt8(ascii: "}") {
            index += 1
        } else {
            while true {
                try expect(UInt8(ascii: "\""), at: index)
                let keyEnd = try stringEnd(index)
                let key = try decodeKey(index..<keyEnd)
                index = skipSpace(keyEnd)
                try expect(UInt8(ascii: ":"), at: index)
                let start = skipSpace(index + 1)
                let end = try valueEnd(start)
                members.append((key, start..<end))
                index = skipSpace(end)
                if byte(at: index) == UInt8(ascii: ",") {
                    index = skipSpace(index + 1)
                } else {
                    try expect(UInt8(ascii: "}"), at: index)
                    index += 1
                    break
                }
            }
        }
        guard skipSpace(index) == bytes.count else { throw Invalid() }
        return members
    }

    /// The byte ranges of the elements of the array that fills `range`.
    func elements(of range: Range<Int>) throws -> [Range<Int>] {
        var elements: [Range<Int>] = []
        try forEachElement(of: range) { elements.append($0) }
        return elements
    }

    /// Calls `body` with the byte range of each element of the array that fills `range`, in order.
    func forEachElement(of range: Range<Int>, _ body: (Range<Int>) throws -> Void) throws {
        try expect(UInt8(ascii: "["), at: range.lowerBound)
        var index = skipSpace(range.lowerBound + 1)
        if byte(at: index) == UInt8(ascii: "]") {
            guard index + 1 == range.upperBound else { throw Invalid() }
            return
        }
        while true {
            let end = try valueEnd(index)
            try body(index..<end)
            index = skipSpace(end)
            if byte(at: index) == UInt8(ascii: ",") {
                index = skipSpace(index + 1)
            } else {
                try expect(UInt8(ascii: "]"), at: index)
                guard index + 1 == range.upperBound else { throw Invalid() }
                return
            }
        }
    }

    /// Whether the value in `range` is an array.
    func isArray(_ range: Range<Int>) -> Bool {
        byte(at: range.lowerBound) == UInt8(ascii: "[")
    }

    // MARK: - Boundaries

    /// The index just past the value that starts at `start`.
    private func valueEnd(_ start: Int) throws -> Int {
        guard let first = byte(at: start) else { throw Invalid() }
        switch first {
        case UInt8(ascii: "\""):
            return try stringEnd(start)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            var index = start
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "\""):
                    index = try stringEnd(index)
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 { return index + 1 }
                default:
                    break
                }
                index += 1
            }
            throw Invalid()
        case UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: ":"):
            throw Invalid()
        default:
            // A number, true, false or null: up to the next delimiter.
            var index = start
            while index < bytes.count, !Self.endsScalar(bytes[index]) { index += 1 }
            return index
        }
    }

    /// The index just past the string whose opening quote is at `start`.
    private func stringEnd(_ start: Int) throws -> Int {
        var index = start + 1
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\\"): index += 2
            case UInt8(ascii: "\""): return index + 1
            default: index += 1
            }
        }
        throw Invalid()
    }

    private func decodeKey(_ range: Range<Int>) throws -> String {
        let inner = UnsafeBufferPointer(rebasing: bytes[(range.lowerBound + 1)..<(range.upperBound - 1)])
        guard inner.contains(UInt8(ascii: "\\")) else { return String(decoding: inner, as: UTF8.self) }
        guard let key = try? JSONDecoder().decode(String.self, from: Data(bytes[range])) else { throw Invalid() }
        return key
    }

    private static func endsScalar(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ",") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}") || isSpace(byte)
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    private func skipSpace(_ start: Int) -> Int {
        var index = start
        while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 }
        return index
    }

    private func byte(at index: Int) -> UInt8? {
        index < bytes.count ? bytes[index] : nil
    }

    private func expect(_ expected: UInt8, at index: Int) throws {
        guard byte(at: index) == expected else { throw Invalid() }
    }
}
