import Foundation
import Testing

@testable import App

@Suite("Finding the members and list items of a JSON document")
struct JSONMemberScannerTests {
    /// Each member's key and text, and for a list each item's text.
    static func scan(_ text: String) throws -> [(String, String, [String]?)] {
        let bytes = Array(text.utf8)
        return try bytes.withUnsafeBufferPointer { buffer in
            let scanner = JSONMemberScanner(bytes: buffer)
            return try scanner.members().map { member in
                let value = String(decoding: buffer[member.value], as: UTF8.self)
                let items =
                    scanner.isArray(member.value)
                    ? try scanner.elements(of: member.value).map { String(decoding: buffer[$0], as: UTF8.self) } : nil
                return (member.key, value, items)
            }
        }
    }

    @Test("members, list items, strings holding brackets and quotes, nesting and white space")
    func boundaries() throws {
        let members = try Self.scan(
            """
             { "a" : 1 ,"b":"x]}\\"{[,", "list": [ {"n": "}]", "m": [1, [2]]} , -12.5e3,true,null, "q\\\\" ,[] ],
              "empty":[ ], "o": {"k": {"l": []}}, "k\\u0065y": false }\n
            """
        )
        #expect(members.map(\.0) == ["a", "b", "list", "empty", "o", "key"])
        #expect(members.map(\.1) == ["1", #""x]}\"{[,""#, members[2].1, "[ ]", #"{"k": {"l": []}}"#, "false"])
        #expect(members[2].2 == [#"{"n": "}]", "m": [1, [2]]}"#, "-12.5e3", "true", "null", #""q\\""#, "[]"])
        #expect(members[3].2 == [])
        #expect(members[0].2 == nil)
        #expect(try Self.scan("{}").isEmpty)
    }

    @Test(
        "text that isn't one JSON object is refused",
        arguments: [
            "", "[0, 0, 0]", "{", #"{"a": 1"#, #"{"a" 1}"#, #"{"a": 1,}"#, #"{"a": 1} x"#, #"{"a": "open}"#,
            #"{"a": [1, 2}"#,
            #"{a: 1}"#, #"{"a": }"#, #"{"a": [1 2]}"#, #"{"a": [1,]}"#, #"{"a": [,1]}"#,
        ]
    )
    func invalid(text: String) throws {
        #expect(throws: JSONMemberScanner.Invalid.self) { try Self.scan(text) }
    }
}
