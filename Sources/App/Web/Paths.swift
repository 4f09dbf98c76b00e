import Foundation

/// What every feature's paths share: return paths carried in the query, and the check that keeps them on the site.
/// Each feature's own paths are in its `<Feature>Paths`.
enum Paths {
    /// `path` with `return=returnTo` added to its query, so the page it opens can come back; `path` itself when
    /// `returnTo` is nil.
    static func path(_ path: String, returningTo returnTo: String?) -> String {
        guard let returnTo, let encoded = queryValue(returnTo) else { return path }
        return path + (path.utf8.contains(UInt8(ascii: "?")) ? "&" : "?") + "return=" + encoded
    }

    /// `value` percent-encoded for a query value. Most values (a path like `/stashes/3`) need no encoding, and
    /// telling so byte by byte is much quicker than Foundation's encoder, which Home would call for every card.
    static func queryValue(_ value: String) -> String? {
        if value.utf8.allSatisfy(isQueryValueByte) { return value }
        return value.addingPercentEncoding(withAllowedCharacters: .urlQueryValueAllowed)
    }

    /// The bytes `urlQueryValueAllowed` keeps as they are: letters, digits and `!$'()*,-./:;@_~`.
    private static func isQueryValueByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default:
            "!$'()*,-./:;@_~".utf8.contains(byte)
        }
    }

    /// `path` if it is a local absolute path (no scheme, no host, no `//`), else nil — so `next` can't send
    /// anyone to another site. Only printable ASCII is accepted: browsers drop tabs and newlines from URLs, so
    /// `/<tab>/evil.example` would otherwise become `//evil.example`.
    static func safeReturnPath(_ path: String) -> String? {
        guard path.hasPrefix("/"), !path.hasPrefix("//"),
            path.utf8.allSatisfy({ (0x21...0x7E).contains($0) && $0 != UInt8(ascii: "\\") })
        else { return nil }
        return path
    }
}

extension CharacterSet {
    /// Characters that may stand unescaped in a query value.
    static let urlQueryValueAllowed: CharacterSet = {
        var set = CharacterSet.urlQueryAllowed
        set.remove(charactersIn: "&=+?#")
        return set
    }()
}
