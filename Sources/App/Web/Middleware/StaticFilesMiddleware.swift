import Crypto
import Foundation
import Hummingbird

/// Serves the files of `Public/` from memory: they are read once at start, so a page's assets never wait on the
/// disk or on a thread pool, whatever else the server is busy with.
///
/// Asset addresses carry no version, so browsers keep a copy but ask again each time (`no-cache`) with the file's
/// ETag, and get a bodiless 304 while it is unchanged.
struct StaticFilesMiddleware<Context: RequestContext>: RouterMiddleware {
    struct File: Sendable {
        let body: ByteBuffer
        let contentType: String
        let etag: String
    }

    /// The files by their address, e.g. `/css/app.css`.
    let files: [String: File]

    /// Reads every file under `directory` (hidden files left out).
    init(directory: String) throws {
        let root = URL(fileURLWithPath: directory, isDirectory: true).standardizedFileURL
        var files: [String: File] = [:]
        let enumerator = FileManager.default.enumerator(
            at: root,
            includingPropertiesForKeys: [.isRegularFileKey],
            options: [.skipsHiddenFiles]
        )
        while let url = enumerator?.nextObject() as? URL {
            guard try url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true else { continue }
            let data = try Data(contentsOf: url)
            let relative = url.standardizedFileURL.path.dropFirst(root.path.count)
            let path = relative.hasPrefix("/") ? String(relative) : "/" + relative
            let digest = SHA256.hash(data: data).prefix(12).map { String(format: "%02x", $0) }.joined()
            files[path] = File(
                body: ByteBuffer(bytes: data),
                contentType: Self.contentType(of: url.pathExtension),
                etag: "\"\(digest)\""
            )
        }
        self.files = files
    }

    func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard request.method == .get || request.method == .head, let file = files[request.uri.path] else {
            return try await next(request, context)
        }
        var headers: HTTPFields = [
            .eTag: file.etag,
            .cacheControl: "no-cache",
            .contentType: file.contentType,
        ]
        if request.headers[values: .ifNoneMatch].contains(where: { Self.matches($0, etag: file.etag) }) {
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentLength] = String(file.body.readableBytes)
        return Response(
            status: .ok,
            headers: headers,
            body: request.method == .head ? ResponseBody() : ResponseBody(byteBuffer: file.body)
        )
    }

    /// Whether an If-None-Match value (a list, or `*`) names `etag`; a weak `W/` form matches too.
    static func matches(_ header: String, etag: String) -> Bool {
        header.split(separator: ",").contains { candidate in
            let tag = candidate.trimmingCharacters(in: .whitespaces)
            return tag == "*" || tag == etag || tag == "W/" + etag
        }
    }

    static func contentType(of pathExtension: String) -> String {
        switch pathExtension.lowercased() {
        case "css": "text/css; charset=utf-8"
        case "js": "text/javascript; charset=utf-8"
        case "svg": "image/svg+xml"
        case "webmanifest": "application/manifest+json"
        case "json": "application/json"
        case "png": "image/png"
        case "ico": "image/x-icon"
        case "html": "text/html; charset=utf-8"
        case "txt": "text/plain; charset=utf-8"
        case "woff2": "font/woff2"
        default: "application/octet-stream"
        }
    }
}
