import HTML

/// A page that says what went wrong and leads back Home.
struct ErrorPage: Sendable {
    let status: Int
    let heading: String
    let message: String

    func html(_ t: Words) -> HTML {
        let code = t["errors.page.code", ["status": String(status)]]
        return """
            <section class="card error-page">
              <p class="error-page__code">\(code)</p>
              <h2 class="error-page__title">\(heading)</h2>
              <p>\(message)</p>
              <p><a class="button button--primary" href="\(HomePaths.index)">\(t["errors.page.home"])</a></p>
            </section>
            """
    }
}
