import HTML

/// The API's reference page: how to authenticate, the operations by tag, each with its parameters, body and answers,
/// and every schema's properties, with a schema's name a link to its table. No JavaScript. The spec's words are
/// its own (English), marked with `lang` so a reader in another language is told.
enum ApiReferencePages {
    /// The spec's own text is English, marked so on pages in other languages.
    private static let lang = "en"

    /// `heading`: the page's title, for a shell without a header to show it.
    static func show(_ reference: ApiReference, heading: String?, t: Words) -> HTML {
        """
        \(heading.map { "<h1 class=\"api-ref__title\">\($0)</h1>" as HTML })
        <section class="card api-ref" aria-labelledby="api-ref-intro">
          <h2 class="card__title" id="api-ref-intro" lang="\(lang)">\(reference.title) \(reference.version)</h2>
          \(paragraphs(reference.description))
          <h3>\(t["apireference.authentication"])</h3>
          \(paragraphs(reference.authentication))
          <p><a href="\(ApiSpec.path)">\(t["apireference.download"])</a></p>
        </section>
        <nav class="card api-ref" aria-labelledby="api-ref-contents">
          <h2 class="card__title" id="api-ref-contents">\(t["apireference.operations"])</h2>
          \(reference.byTag.map { group in
              """
              <h3 lang="\(lang)">\(group.tag)</h3>
              <ul class="api-ref__toc">\(group.operations.map { operation in
                  "<li><a href=\"#\(operation.id)\"><code>\(operation.method) \(reference.server)\(operation.path)</code></a> <span lang=\"\(lang)\">\(operation.summary)</span></li>" as HTML
              })</ul>
              """ as HTML
          })
          <p><a href="#schemas">\(t["apireference.schemas"])</a></p>
        </nav>
        \(reference.operations.map { operation(reference, $0, t: t) })
        <section class="card api-ref" aria-labelledby="schemas">
          <h2 class="card__title" id="schemas">\(t["apireference.schemas"])</h2>
          \(reference.schemas.map { schema($0, t: t) })
        </section>
        """
    }

    private static func operation(_ reference: ApiReference, _ operation: ApiReference.Operation, t: Words) -> HTML {
        """
        <section class="card api-ref" aria-labelledby="\(operation.id)">
          <h2 class="card__title" id="\(operation.id)"><code class="pill">\(operation.method)</code> <code>\(reference.server)\(operation.path)</code></h2>
          <p lang="\(lang)"><strong>\(operation.summary)</strong></p>
          \(paragraphs(operation.description))
          \(operation.parameters.isEmpty ? nil : """
            <h3>\(t["apireference.parameters"])</h3>
            \(scroller("\(operation.method) \(operation.path): \(t["apireference.parameters"])", t: t))<table class="data-table data-table--rows">
              <thead><tr><th scope="col">\(t["apireference.name"])</th><th scope="col">\(t["apireference.in"])</th><th scope="col">\(t["apireference.type"])</th><th scope="col">\(t["apireference.description"])</th></tr></thead>
              <tbody>\(operation.parameters.map { parameter in
                  """
                  <tr><td><code>\(parameter.name)</code>\(parameter.required ? " <span class=\"pill\">\(t["apireference.required"])</span>" as HTML : nil)</td><td lang="\(lang)">\(parameter.location)</td><td>\(type(parameter.type, t: t))</td><td>\(text(parameter.description))</td></tr>
                  """ as HTML
              })</tbody>
            </table></div>
            """ as HTML)
          \(operation.body.map { body in
              "<h3>\(t["apireference.body"])</h3><p>\(type(body, t: t))</p>" as HTML
          })
          <h3>\(t["apireference.responses"])</h3>
          \(scroller("\(operation.method) \(operation.path): \(t["apireference.responses"])", t: t))<table class="data-table data-table--rows">
            <thead><tr><th scope="col">\(t["apireference.status"])</th><th scope="col">\(t["apireference.type"])</th><th scope="col">\(t["apireference.description"])</th></tr></thead>
            <tbody>\(operation.answers.map { answer in
                "<tr><td>\(answer.status)</td><td>\(answer.type.map { type($0, t: t) })</td><td>\(text(answer.description))</td></tr>" as HTML
            })</tbody>
          </table></div>
        </section>
        """
    }

    private static func schema(_ schema: ApiReference.Schema, t: Words) -> HTML {
        """
        <h3 id="schema-\(schema.name)"><code>\(schema.name)</code></h3>
        \(paragraphs(schema.description))
        \(schema.type.map { "<p>\(type($0, t: t))</p>" as HTML })
        \(schema.properties.isEmpty ? nil : """
          \(scroller(schema.name, t: t))<table class="data-table data-table--rows">
            <thead><tr><th scope="col">\(t["apireference.property"])</th><th scope="col">\(t["apireference.type"])</th><th scope="col">\(t["apireference.description"])</th></tr></thead>
            <tbody>\(schema.properties.map { property in
                """
                <tr><td><code>\(property.name)</code>\(property.required ? " <span class=\"pill\">\(t["apireference.required"])</span>" as HTML : nil)</td><td>\(type(property.type, t: t))</td><td>\(text(property.description))</td></tr>
                """ as HTML
            })</tbody>
          </table></div>
          """ as HTML)
        """
    }

    /// The opening of a table that scrolls sideways on a phone: reachable by keyboard, named for what it holds.
    private static func scroller(_ title: String, t: Words) -> HTML {
        let label = t["statistics.charts.scrolls", ["title": title]]
        return "<div class=\"table-scroll\" tabindex=\"0\" role=\"group\" aria-label=\"\(label)\">"
    }

    /// A type: a schema's name links to its table; an array says what it holds.
    private static func type(_ type: ApiReference.TypeRef, t: Words) -> HTML {
        switch type {
        case .schema(let name): "<a href=\"#schema-\(name)\"><code>\(name)</code></a>"
        case .plain(let text): "<code>\(text)</code>"
        case .array(let items): "\(t["apireference.array_of"]) \(self.type(items, t: t))"
        }
    }

    /// The spec's text, its paragraphs as paragraphs.
    private static func paragraphs(_ description: String) -> HTML {
        let parts = description.components(separatedBy: "\n\n").map {
            $0.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        return "\(parts.filter { !$0.isEmpty }.map { "<p lang=\"\(lang)\">\(text($0))</p>" as HTML })"
    }

    /// The spec's text with its `code` spans set as code.
    private static func text(_ text: String) -> HTML {
        let pieces = text.replacingOccurrences(of: "\n", with: " ").split(
            separator: "`",
            omittingEmptySubsequences: false
        )
        let html = pieces.enumerated().map { index, piece in
            index.isMultiple(of: 2) ? "\(String(piece))" as HTML : "<code>\(String(piece))</code>" as HTML
        }
        return "<span lang=\"\(lang)\">\(html)</span>"
    }
}
