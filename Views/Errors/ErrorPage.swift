import HTML

/// A page that says what went wrong and leads back Home.
struct ErrorPage: Sendable {
    let status: Int
    let heading: String
    let message: String

    var html: HTML {
        """
        <section class="card error-page">
          <p class="error-page__code">Error \(status)</p>
          <h2 class="error-page__title">\(heading)</h2>
          <p>\(message)</p>
          <p><a class="button button--primary" href="\(HomePaths.index)">Go to Home</a></p>
        </section>
        """
    }
}
