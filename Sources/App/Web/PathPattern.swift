import Hummingbird

/// A path with one parameter in it, such as `/stashes/:id/edit`. The router registers the pattern, and links are
/// made by filling the parameter in (`StashPaths.edit(3)` is `/stashes/3/edit`), so a route and the links to it
/// can't drift apart.
struct PathPattern: Sendable {
    let pattern: String
    private let head: String
    private let tail: String

    /// `pattern` must have exactly one `:name` segment.
    init(_ pattern: String) {
        let segments = pattern.split(separator: "/", omittingEmptySubsequences: false)
        let parameters = segments.indices.filter { segments[$0].hasPrefix(":") }
        precondition(parameters.count == 1, "a path pattern has one parameter: \(pattern)")
        let index = parameters[0]
        self.pattern = pattern
        self.head = segments[..<index].joined(separator: "/") + "/"
        let rest = segments[(index + 1)...]
        self.tail = rest.isEmpty ? "" : "/" + rest.joined(separator: "/")
    }

    /// The path with `value` in place of the parameter.
    func callAsFunction(_ value: Int64) -> String {
        head + String(value) + tail
    }

    /// The path with `value` (a catalogue id or a month) in place of the parameter.
    func callAsFunction(_ value: some CustomStringConvertible) -> String {
        head + value.description + tail
    }
}

/// Routes are registered with the paths the app links to: a fixed path (`ProfilePaths.index`) or a `PathPattern`.
extension RouterMethods {
    @discardableResult
    func get(_ path: String, use handler: @Sendable @escaping (Request, Context) async throws -> Response) -> Self {
        get(RouterPath(path), use: handler)
    }

    @discardableResult
    func post(_ path: String, use handler: @Sendable @escaping (Request, Context) async throws -> Response) -> Self {
        post(RouterPath(path), use: handler)
    }

    @discardableResult
    func get(_ path: PathPattern, use handler: @Sendable @escaping (Request, Context) async throws -> Response) -> Self
    {
        get(RouterPath(path.pattern), use: handler)
    }

    @discardableResult
    func post(_ path: PathPattern, use handler: @Sendable @escaping (Request, Context) async throws -> Response) -> Self
    {
        post(RouterPath(path.pattern), use: handler)
    }
}
