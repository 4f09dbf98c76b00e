import Testing

/// The page reader the other suites rely on: it must see what a browser sees, whatever the attributes' order.
@Suite("Reading a page")
struct HTMLPageTests {
    static let html = """
        <!DOCTYPE html>
        <html lang="en"><head><title>Stashes &middot; Stashify</title>
        <style>a > b { color: red }</style><script>if (1 < 2) { document.write("<a href='/no'>No</a>") }</script></head>
        <body>
        <!-- <a href="/commented">Commented</a> -->
        <nav class="tabs main"><a class="tab" href="/stashes?month=2026-11&amp;x=1" aria-current="page">
          Stashes</a><a href="/budget">Budget <span class="badge">3</span></a></nav>
        <main id="content"><h1 id="title">Tom &amp; Jerry&#39;s &#x2192; fund</h1>
        <p>Line one<br>line two<img src="/a.png" alt=""></p>
        <form method="POST" action="/stashes/1/edit" class="form">
          <input type="hidden" name="csrf" value="abc">
          <label for="field-name">Name</label>
          <input id="field-name" value="Trip &quot;Rome&quot;" name="name" aria-describedby="field-name-hint field-name-error">
          <p id="field-name-hint">Up to 40 characters</p>
          <p id="field-name-error" class="error">Give it a name.</p>
          <label><input name="notify" type="checkbox" checked> Tell me</label>
          <select name="kind"><option value="save">Save</option><option selected value="spend">Spend</option></select>
          <textarea name="note">
        First &lt;line&gt;</textarea>
          <svg viewBox="0 0 1 1"><path d="M0 0"/></svg>
          <button>Save</button>
        </form>
        <form action="/logout" method="post"><button>Log out</button></form>
        </main></body></html>
        """

    @Test("links by their visible text, with their decoded href; nothing from comments or scripts")
    func links() {
        let page = HTMLPage(Self.html)
        #expect(page.link(named: "Stashes") == .init(href: "/stashes?month=2026-11&x=1", text: "Stashes"))
        #expect(page.link(named: "Budget 3")?.href == "/budget")
        #expect(page.link(named: "No") == nil)
        #expect(page.link(named: "Commented") == nil)
        #expect(page.links.count == 2)
    }

    @Test("forms by action, with their method lowercased and their fields")
    func forms() throws {
        let page = HTMLPage(Self.html)
        let form = try #require(page.form(action: "/stashes/1/edit"))
        #expect(form.method == "post")
        #expect(form.fields.map(\.name) == ["csrf", "name", "notify", "kind", "note"])
        #expect(page.form(action: "/logout")?.fields.isEmpty == true)
        #expect(page.forms.count == 2)
    }

    @Test("fields: value, type, checked, label and error, whatever the attributes' order")
    func fields() throws {
        let page = HTMLPage(Self.html)
        let name = try #require(page.field(named: "name"))
        #expect(name.type == "text")
        #expect(name.value == "Trip \"Rome\"")
        #expect(name.label == "Name")
        #expect(name.error == "Give it a name.")
        #expect(name.description == "Up to 40 characters Give it a name.")
        let notify = try #require(page.field(named: "notify"))
        #expect(notify.type == "checkbox" && notify.isChecked && notify.label == "Tell me" && notify.error == nil)
        #expect(page.field(named: "kind")?.value == "spend")
        #expect(page.field(named: "note")?.value == "First <line>")
        #expect(page.field(named: "csrf")?.type == "hidden")
        #expect(page.field(named: "missing") == nil)
    }

    @Test("the visible text of an element by id or selector, entities decoded and white space made single")
    func text() {
        let page = HTMLPage(Self.html)
        #expect(page.text(of: "title") == "Tom & Jerry's → fund")
        #expect(page.text(of: "nav .badge") == "3")
        #expect(page.text(of: "main p") == "Line oneline two")
        #expect(page.text(of: "a[aria-current=page]") == "Stashes")
        #expect(page.all("nav.tabs a.tab").count == 1)
        #expect(page.text(of: "head title") == "Stashes · Stashify")
        #expect(page.all("path").count == 1, "a self-closed SVG element holds nothing")
        #expect(page.first("button")?.text == "Save")
    }
}
