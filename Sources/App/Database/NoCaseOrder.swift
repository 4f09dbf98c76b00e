/// SQLite's `ORDER BY name COLLATE NOCASE, id`, for the short lists sorted in Swift rather than by SQLite's sorter.
///
/// NOCASE compares the UTF-8 bytes with only the ASCII letters A–Z folded to lower case, and a string that is a
/// prefix of another comes first; every other byte compares by value. Ties go to the smaller id.
enum NoCaseOrder {
    static func precedes(_ name: String, _ id: Int64?, _ otherName: String, _ otherId: Int64?) -> Bool {
        let order = compare(name, otherName)
        return order != 0 ? order < 0 : (id ?? 0) < (otherId ?? 0)
    }

    /// Negative, zero or positive as `a` sorts before, with or after `b` under NOCASE.
    static func compare(_ a: String, _ b: String) -> Int {
        var a = a
        var b = b
        return a.withUTF8 { left in
            b.withUTF8 { right in
                for index in 0..<min(left.count, right.count) {
                    let x = folded(left[index])
                    let y = folded(right[index])
                    if x != y { return Int(x) - Int(y) }
                }
                return left.count - right.count
            }
        }
    }

    @inline(__always)
    private static func folded(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
    }
}
