import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting

/// One response as a test sees it: status, headers and the HTML text.
struct Page: Sendable {
    let status: HTTPResponse.Status
    let headers: HTTPFields
    let html: String
    /// The body as sent (a download's bytes).
    var bytes: [UInt8] = []

    var location: String? { headers[.location] }
    var setCookies: [String] { headers[values: .setCookie] }

    /// The `Set-Cookie` header for `name`, if the response set one.
    func setCookie(_ name: String) -> String? {
        setCookies.first { $0.hasPrefix(name + "=") }
    }

    /// The value of the form control `name`, as the page shows it (`value="…"` of an input, or the selected option).
    func fieldValue(_ name: String) -> String? {
        if let input = html.range(
            of: "name=\"\(name)\" type=\"[a-z]+\" value=\"([^\"]*)\"",
            options: .regularExpression
        ) {
            let tag = String(html[input])
            if let value = tag.range(of: "value=\"([^\"]*)\"", options: .regularExpression) {
                return String(tag[value].dropFirst(7).dropLast())
            }
        }
        guard let select = html.range(of: "name=\"\(name)\"") else { return nil }
        let rest = html[select.upperBound...]
        guard let end = rest.range(of: "</select>") else { return nil }
        let options = rest[..<end.lowerBound]
        guard let selected = options.range(of: "<option value=\"[^\"]*\" selected", options: .regularExpression) else {
            return nil
        }
        let option = options[selected]
        return String(option.dropFirst("<option value=\"".count).prefix { $0 != "\"" })
    }

    /// The error message shown under field `name`, if any.
    func fieldError(_ name: String) -> String? {
        guard let start = html.range(of: "id=\"field-\(name)-error\">") else { return nil }
        let rest = html[start.upperBound...]
        return rest.range(of: "</p>").map { String(rest[..<$0.lowerBound]) }
    }
}

/// A browser stand-in over the in-process test client: it keeps cookies, and sends the CSRF token of the last
/// page it saw with each form, like a real browser submitting a form it was shown.
actor Browser {
    let client: any TestClientProtocol
    private(set) var cookies: [String: String] = [:]
    private(set) var csrfToken: String?

    init(client: any TestClientProtocol) {
        self.client = client
    }

    @discardableResult
    func get(_ path: String) async throws -> Page {
        try await send(path, method: .get, body: nil, contentType: nil)
    }

    /// Posts `form` as `application/x-www-form-urlencoded`, adding `_csrf` unless `csrf` says otherwise.
    @discardableResult
    func post(_ path: String, _ form: [(String, String)] = [], csrf: CSRF = .fromLastPage) async throws -> Page {
        var fields = form
        switch csrf {
        case .fromLastPage: if let csrfToken { fields.append(("_csrf", csrfToken)) }
        case .value(let token): fields.append(("_csrf", token))
        case .none: break
        }
        let body = fields.map { "\(Self.encode($0.0))=\(Self.encode($0.1))" }.joined(separator: "&")
        return try await send(
            path,
            method: .post,
            body: ByteBuffer(string: body),
            contentType: "application/x-www-form-urlencoded"
        )
    }

    enum CSRF: Sendable {
        case fromLastPage
        case value(String)
        case none
    }

    /// Posts `fields` and `files` as `multipart/form-data`, as a form with a file field does, adding `_csrf`.
    @discardableResult
    func upload(
        _ path: String,
        _ fields: [(String, String)] = [],
        files: [(field: String, filename: String, bytes: [UInt8])],
        csrf: CSRF = .fromLastPage
    ) async throws -> Page {
        var fields = fields
        switch csrf {
        case .fromLastPage: if let csrfToken { fields.append(("_csrf", csrfToken)) }
        case .value(let token): fields.append(("_csrf", token))
        case .none: break
        }
        let boundary = "----StashifyTestBoundary" + UUID().uuidString.prefix(8)
        var body = ByteBuffer()
        for (name, value) in fields {
            body.writeString("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n")
        }
        for file in files {
            body.writeString(
                "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(file.field)\"; filename=\"\(file.filename)\"\r\n"
            )
            body.writeString("Content-Type: application/octet-stream\r\n\r\n")
            body.writeBytes(file.bytes)
            body.writeString("\r\n")
        }
        body.writeString("--\(boundary)--\r\n")
        return try await send(path, method: .post, body: body, contentType: "multipart/form-data; boundary=\(boundary)")
    }

    func setCookie(_ name: String, _ value: String?) {
        cookies[name] = value
    }

    /// Sends `value` in the `name` header with every request from now on (a proxy's `X-Forwarded-For`, say).
    func setHeader(_ name: String, _ value: String) {
        extraHeaders[HTTPField.Name(name)!] = value
    }

    // MARK: - Flows

    /// Signs up through step 1 and lands on step 2.
    @discardableResult
    func signUp(
        name: String = "Alex Doe",
        email: String,
        password: String = "correct horse battery"
    ) async throws -> Page {
        try await get("/signup")
        return try await post("/signup", [("name", name), ("email", email), ("password", password)])
    }

    @discardableResult
    func logIn(
        email: String,
        password: String = "correct horse battery",
        next: String? = nil,
        keep: Bool = true
    ) async throws -> Page {
        try await get("/login")
        var form = [("email", email), ("password", password)]
        if let next { form.append(("next", next)) }
        if keep { form.append(("keep", "yes")) }
        return try await post("/login", form)
    }

    /// Logs out from the Profile page, as a person would.
    @discardableResult
    func logOut() async throws -> Page {
        try await get("/profile")
        return try await post("/logout")
    }

    // MARK: - Plumbing

    private var extraHeaders: HTTPFields = [:]

    private func send(
        _ path: String,
        method: HTTPRequest.Method,
        body: ByteBuffer?,
        contentType: String?
    ) async throws -> Page {
        var headers = extraHeaders
        if !cookies.isEmpty {
            headers[.cookie] = cookies.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(
                separator: "; "
            )
        }
        if let contentType { headers[.contentType] = contentType }
        let response = try await client.executeRequest(uri: path, method: method, headers: headers, body: body)
        let page = Page(
            status: response.status,
            headers: response.headers,
            html: String(buffer: response.body),
            bytes: Array(response.body.readableBytesView)
        )
        remember(page)
        return page
    }

    private func remember(_ page: Page) {
        for header in page.setCookies {
            let pair = header.split(separator: ";", maxSplits: 1)[0]
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2 else { continue }
            let name = String(parts[0])
            let value = String(parts[1])
            let expired =
                header.contains("Max-Age=0") || value.isEmpty || Self.expiry(of: header).map { $0 <= Date() } == true
            cookies[name] = expired ? nil : value
        }
        if let range = page.html.range(of: "name=\"_csrf\" value=\"") {
            let rest = page.html[range.upperBound...]
            csrfToken = String(rest.prefix { $0 != "\"" })
        }
    }

    /// The `Expires` date of a `Set-Cookie` header, if it has one.
    private static func expiry(of header: String) -> Date? {
        guard let range = header.range(of: "Expires=") else { return nil }
        let text = header[range.upperBound...].prefix { $0 != ";" }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        return formatter.date(from: String(text))
    }

    private static func encode(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}

extension Page {
    /// The one-time token of the form that posts to `action` (the first form with a token when it names none).
    func onceToken(action: String? = nil) -> String? {
        var rest = html[...]
        if let action {
            guard let form = rest.range(of: "action=\"\(action)\"") else { return nil }
            rest = rest[form.upperBound...]
        }
        guard let field = rest.range(of: "name=\"_once\" value=\"") else { return nil }
        let value = rest[field.upperBound...]
        return value.firstIndex(of: "\"").map { String(value[..<$0]) }
    }
}
