/// A piece of HTML markup that is safe to send: everything in it was either written in source code as a literal
/// or escaped on its way in.
///
/// Build it with string interpolation. An interpolated `HTML` is kept as it is, a sequence of `HTML` is joined, and
/// anything else (a `String`, a number, any `CustomStringConvertible`) is escaped for text and for a double- or
/// single-quoted attribute value. Literals are `StaticString`s, so markup can only come from the source code: there
/// is no initializer that takes a run-time string as markup.
///
/// Escaping works on UTF-8 bytes: `<`, `>`, `&`, `"` and `'` are single ASCII bytes that never occur inside a
/// multi-byte sequence, so each one is replaced wherever it stands, even when a combining mark follows it (a
/// character-wise escaper sees `"` + U+0301 as one character that is not `"`). Every other byte, NUL included, is
/// copied as it is, and text with nothing to escape is copied in one go.
public struct HTML: Sendable, Hashable, CustomStringConvertible {
    /// The markup as UTF-8.
    public private(set) var bytes: [UInt8]

    /// No markup at all.
    public static let empty = HTML(bytes: [])

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Text as HTML: every character that means something in markup is escaped.
    public init(text: String) {
        var bytes: [UInt8] = []
        HTML.appendEscaped(text, to: &bytes)
        self.bytes = bytes
    }

    /// The markup as a string.
    public var description: String { String(decoding: bytes, as: UTF8.self) }

    public var isEmpty: Bool { bytes.isEmpty }

    /// Appends more markup.
    public mutating func append(_ other: HTML) {
        bytes.append(contentsOf: other.bytes)
    }

    /// Whether `byte` is one that text must not carry into markup as it is.
    @inline(__always)
    static func needsEscaping(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"), UInt8(ascii: "\""), UInt8(ascii: "'"): true
        default: false
        }
    }

    /// Appends `text`, escaped, to `bytes`.
    static func appendEscaped(_ text: some StringProtocol, to bytes: inout [UInt8]) {
        let done: Void? = text.utf8.withContiguousStorageIfAvailable { appendEscaped(utf8: $0, to: &bytes) }
        if done == nil {
            let copy = Array(text.utf8)
            copy.withUnsafeBufferPointer { appendEscaped(utf8: $0, to: &bytes) }
        }
    }

    private static func appendEscaped(utf8: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]) {
        guard let first = utf8.firstIndex(where: needsEscaping) else {
            bytes.append(contentsOf: utf8)
            return
        }
        bytes.reserveCapacity(bytes.count + utf8.count + 16)
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[..<first]))
        for byte in utf8[first...] {
            switch byte {
            case UInt8(ascii: "<"): bytes.append(contentsOf: [0x26, 0x6C, 0x74, 0x3B])  // &lt;
            case UInt8(ascii: ">"): bytes.append(contentsOf: [0x26, 0x67, 0x74, 0x3B])  // &gt;
            case UInt8(ascii: "&"): bytes.append(contentsOf: [0x26, 0x61, 0x6D, 0x70, 0x3B])  // &amp;
            case UInt8(ascii: "\""): bytes.append(contentsOf: [0x26, 0x71, 0x75, 0x6F, 0x74, 0x3B])  // &quot;
            case UInt8(ascii: "'"): bytes.append(contentsOf: [0x26, 0x23, 0x33, 0x39, 0x3B])  // &#39;
            default: bytes.append(byte)
            }
        }
    }

    /// Escapes `text` for HTML text or a quoted attribute value, as a string (for SVG built outside a view).
    public static func escape(_ text: String) -> String {
        HTML(text: text).description
    }
}

extension HTML: ExpressibleByStringInterpolation {
    /// Only literals written in the source code are markup.
    public init(stringLiteral literal: StaticString) {
        var bytes: [UInt8] = []
        Interpolation.append(literal, to: &bytes)
        self.bytes = bytes
    }

    public init(stringInterpolation: Interpolation) {
        bytes = stringInterpolation.bytes
    }

    /// How a `"…\(value)…"` literal typed as `HTML` is put together.
    public struct Interpolation: StringInterpolationProtocol {
        var bytes: [UInt8]

        public init(literalCapacity: Int, interpolationCount: Int) {
            bytes = []
            bytes.reserveCapacity(literalCapacity + interpolationCount * 16)
        }

        static func append(_ literal: StaticString, to bytes: inout [UInt8]) {
            if literal.hasPointerRepresentation {
                bytes.append(
                    contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
                )
            } else {
                Array(String(literal.unicodeScalar).utf8).withUnsafeBufferPointer { bytes.append(contentsOf: $0) }
            }
        }

        /// Markup written in the source.
        public mutating func appendLiteral(_ literal: StaticString) {
            Self.append(literal, to: &bytes)
        }

        /// Markup: kept as it is.
        public mutating func appendInterpolation(_ html: HTML) {
            bytes.append(contentsOf: html.bytes)
        }

        /// Markup that may be missing: nothing when it is.
        public mutating func appendInterpolation(_ html: HTML?) {
            if let html { bytes.append(contentsOf: html.bytes) }
        }

        /// Pieces of markup, one after another.
        public mutating func appendInterpolation(_ pieces: [HTML]) {
            for piece in pieces { bytes.append(contentsOf: piece.bytes) }
        }

        /// Pieces of markup, one after another.
        public mutating func appendInterpolation<Pieces: Sequence>(_ pieces: Pieces) where Pieces.Element == HTML {
            for piece in pieces { bytes.append(contentsOf: piece.bytes) }
        }

        /// Text: escaped. Disfavoured so that a literal written in the source, like the branches of
        /// `\(current ? " aria-current=\"page\"" : "")`, is taken as markup; a `String` value still comes here.
        @_disfavoredOverload
        public mutating func appendInterpolation(_ text: String) {
            HTML.appendEscaped(text, to: &bytes)
        }

        /// Text: escaped.
        @_disfavoredOverload
        public mutating func appendInterpolation(_ text: Substring) {
            HTML.appendEscaped(text, to: &bytes)
        }

        /// A whole number: its digits need no escaping.
        public mutating func appendInterpolation(_ number: Int) {
            bytes.append(contentsOf: String(number).utf8)
        }

        /// A whole number: its digits need no escaping.
        public mutating func appendInterpolation(_ number: Int64) {
            bytes.append(contentsOf: String(number).utf8)
        }

        /// Anything else that reads as text: its description, escaped.
        @_disfavoredOverload
        public mutating func appendInterpolation<Value: CustomStringConvertible>(_ value: Value) {
            HTML.appendEscaped(value.description, to: &bytes)
        }
    }
}

extension Sequence where Element == HTML {
    /// The pieces one after another, with `separator` between them.
    public func joined(separator: HTML = .empty) -> HTML {
        var result = HTML.empty
        var first = true
        for piece in self {
            if !first { result.append(separator) }
            result.append(piece)
            first = false
        }
        return result
    }
}
