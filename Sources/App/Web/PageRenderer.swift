import Foundation
import Hummingbird
import HTML
import Mustache
import Views

/// Renders Mustache templates from `Views/` into HTML responses inside the page shell.
struct PageRenderer: Sendable {
    let library: MustacheLibrary
    let cookies: CookieSettings

    /// Loads every template under `directory` once; a missing or broken template fails here, at start-up.
    static func load(directory: String, cookies: CookieSettings) async throws -> PageRenderer {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw StartupError("templates folder \(directory) not found; run from the project folder or pass --resources-dir")
        }
        HTMLEscaping.register()
        let library = try await MustacheLibrary(directory: directory)
        return PageRenderer(library: library, cookies: cookies)
    }

    /// A full HTML page: the shell around what `main` draws. `navigation: false` drops the tab bar and header for
    /// steps that stand alone (sign-up's second step).
    func page(
        title: String, section: Section?, context: AppRequestContext, status: HTTPResponse.Status = .ok,
        navigation: Bool = true, _ main: (Shell) -> HTML
    ) -> Response {
        let shell = Shell(title: title, section: section, user: context.user, csrfToken: context.csrfToken,
                          flash: context.flash, navigation: navigation, celebration: context.celebration)
        var response = Self.html(shell.page(main(shell)), status: status)
        if context.hasFlashCookie {
            response.setCookie(cookies.expired(name: Flash.cookieName))
        }
        return response
    }

    /// A full HTML page: `template` rendered with the shell around `page`. `navigation: false` drops the tab bar
    /// and header for steps that stand alone (sign-up's second step).
    func page<Page: Sendable>(
        _ template: String,
        title: String,
        section: Section?,
        page: Page,
        request: Request,
        context: AppRequestContext,
        status: HTTPResponse.Status = .ok,
        navigation: Bool = true
    ) throws -> Response {
        let html = try render(template, page: page, shell: shell(title: title, section: section, context: context,
                                                                 navigation: navigation))
        var response = Self.html(html, status: status)
        if context.hasFlashCookie {
            response.setCookie(cookies.expired(name: Flash.cookieName))
        }
        return response
    }

    private func shell(title: String, section: Section?, context: AppRequestContext, navigation: Bool) -> TemplateShell {
        TemplateShell(title: title, section: section, user: context.user, csrfToken: context.csrfToken, flash: context.flash,
              navigation: navigation, celebration: context.celebration)
    }

    private func render<Page: Sendable>(_ template: String, page: Page, shell: TemplateShell) throws -> String {
        guard let html = library.render(PageContext(shell: shell, page: page), withTemplate: template) else {
            throw HTTPError(.internalServerError, message: "Template \(template) not found")
        }
        return html
    }

    /// A 303 See Other to `location`, optionally carrying a flash message to the next page.
    func redirect(to location: String, flash: Flash? = nil) -> Response {
        var response = Response(status: .seeOther, headers: [.location: location, .cacheControl: "no-store"])
        if let flash {
            response.setCookie(cookies.cookie(name: Flash.cookieName, value: flash.cookieValue, maxAge: 60))
        }
        return response
    }

    /// An HTML response that browsers and proxies must not store (pages show private money data).
    static func html(_ html: HTML, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status,
            headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(bytes: html.bytes))
        )
    }

    /// An HTML response that browsers and proxies must not store (pages show private money data).
    static func html(_ html: String, status: HTTPResponse.Status = .ok) -> Response {
        let buffer = ByteBuffer(string: html)
        return Response(
            status: status,
            headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"],
            body: .init(byteBuffer: buffer)
        )
    }
}

/// A problem that stops the server from starting, told in one line.
public struct StartupError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
