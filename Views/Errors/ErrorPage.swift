import HTML

/// A page that says what went wrong and leads back Home.
public struct ErrorPage: Sendable {
    public let status: Int
    public let heading: String
    public let message: String
    public let homePath: String

    public var html: HTML {
        """
        <section class="card error-page">
          <p class="error-page__code">Error \(status)</p>
          <h2 class="error-page__title">\(heading)</h2>
          <p>\(message)</p>
          <p><a class="button button--primary" href="\(homePath)">Go to Home</a></p>
        </section>
        """
    }

    public init(status: Int, heading: String, message: String, homePath: String) {
        self.status = status
        self.heading = heading
        self.message = message
        self.homePath = homePath
    }
}
