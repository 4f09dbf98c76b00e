import HTML
import Testing

@Suite("HTML")
struct HTMLTests {
    @Test("each character that means something in markup is escaped in text")
    func escapesTheFiveCharacters() {
        let text = #"<script>alert("x" & 'y')</script>"#
        let html: HTML = "<p>\(text)</p>"
        #expect(html.description == "<p>&lt;script&gt;alert(&quot;x&quot; &amp; &#39;y&#39;)&lt;/script&gt;</p>")
    }

    @Test("an attribute value cannot be closed by what is put in it, whichever quote it uses")
    func escapesAttributes() {
        let value = #"" onmouseover="x' onfocus='y"#
        let html: HTML = "<a title=\"\(value)\" data-x='\(value)'>"
        #expect(
            html.description
                == "<a title=\"&quot; onmouseover=&quot;x&#39; onfocus=&#39;y\" data-x='&quot; onmouseover=&quot;x&#39; onfocus=&#39;y'>"
        )
    }

    @Test("a quote followed by a combining mark is still escaped (it is one Character in Swift)")
    func escapesQuoteBeforeCombiningMark() {
        let text = "\"\u{0301} onclick=x <\u{0308}b>"
        #expect(Character("\"\u{0301}") != Character("\""))
        let html: HTML = "<input value=\"\(text)\">"
        #expect(html.description == "<input value=\"&quot;\u{0301} onclick=x &lt;\u{0308}b&gt;\">")
    }

    @Test("NUL and what follows it are kept as they are")
    func keepsNul() {
        let text = "a\u{0}b<"
        let html: HTML = "<p>\(text)</p>"
        #expect(html.bytes == Array("<p>a".utf8) + [0] + Array("b&lt;</p>".utf8))
    }

    @Test("invalid UTF-8 reaches a view as U+FFFD and goes out as valid UTF-8")
    func invalidScalars() {
        let broken = String(decoding: [0x61, 0xFF, 0xC3, 0x3C], as: UTF8.self)
        let html: HTML = "\(broken)"
        #expect(html.description == "a\u{FFFD}\u{FFFD}&lt;")
        #expect(String(validating: html.bytes, as: UTF8.self) != nil)
    }

    @Test("multi-byte text with nothing to escape is copied as it is")
    func keepsUnicode() {
        let text = "Café “Coffee” 💶 ünïcödé"
        let html: HTML = "\(text)"
        #expect(html.description == text)
        #expect(HTML(text: text) == html)
    }

    @Test("a substring, numbers and other values are escaped text")
    func otherValues() {
        struct Tag: CustomStringConvertible { var description: String { "<b>" } }
        let sentence = "a<b>c"
        let html: HTML = "\(sentence.dropFirst())|\(42)|\(Int64(-7))|\(Tag())|\(true)"
        #expect(html.description == "&lt;b&gt;c|42|-7|&lt;b&gt;|true")
    }

    @Test("interpolated HTML is kept, a missing piece is nothing, and sequences join")
    func composes() {
        let ampersand = "&"
        let bold: HTML = "<b>\(ampersand)</b>"
        let missing: HTML? = nil
        let items: [HTML] = ["<li>1</li>", "<li>2</li>"]
        let html: HTML = "\(bold)\(missing)<ul>\(items)</ul>\(items.lazy.map { $0 })"
        #expect(html.description == "<b>&amp;</b><ul><li>1</li><li>2</li></ul><li>1</li><li>2</li>")
        #expect(items.joined(separator: ", ").description == "<li>1</li>, <li>2</li>")
        #expect([HTML]().joined().isEmpty)
    }

    @Test("HTML that was escaped once is not escaped again")
    func noDoubleEscaping() {
        let text = "<&>"
        let inner: HTML = "\(text)"
        let outer: HTML = "<p>\(inner)</p>"
        #expect(outer.description == "<p>&lt;&amp;&gt;</p>")
    }

    @Test("a literal written inside an interpolation is markup; a String value there is still text")
    func literalBranches() {
        let current = true
        let name = "\"x\" <y>"
        let html: HTML =
            "<a\(current ? " aria-current=\"page\"" : "")>\(current ? name : "")\(current ? "<b>\(name)</b>" : "")</a>"
        #expect(
            html.description == "<a aria-current=\"page\">&quot;x&quot; &lt;y&gt;<b>&quot;x&quot; &lt;y&gt;</b></a>"
        )
    }

    @Test("escape(_:) gives the same text for markup built outside a view")
    func escapeFunction() {
        #expect(HTML.escape(#"Tom & "Jerry" <3 'x'"#) == "Tom &amp; &quot;Jerry&quot; &lt;3 &#39;x&#39;")
        #expect(HTML.escape("plain") == "plain")
    }

    @Test("a non-ASCII literal and a literal with one scalar keep their bytes")
    func literals() {
        let html: HTML = "← · ✓ \("x")"
        #expect(html.description == "← · ✓ x")
        let single: HTML = "é"
        #expect(single.description == "é")
    }
}
