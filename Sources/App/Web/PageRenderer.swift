import Foundation
import HTML
import Hummingbird

/// Puts the typed views of `Views/` into HTML responses inside the page shell, and answers with redirects.
struct PageRenderer: Sendable {
    let cookies: CookieSettings
    /// Every language's words, loaded at start.
    let catalogue: Catalogue

    /// The words a signed-out visitor reads (`LanguageMiddleware`), for pages drawn before it ran.
    func signedOutWords(_ request: Request) -> Words {
        Words(
            LanguageMiddleware.signedOutLanguage(request, cookies: cookies),
            region: Region(acceptLanguage: request.headers[.acceptLanguage]),
            catalogue: catalogue
        )
    }

    /// A full HTML page: the shell around what `main` draws. `navigation: false` drops the tab bar and header for
    /// steps that stand alone (sign-up's second step).
    func page(
        title: String,
        section: Section?,
        context: some PageContext,
        status: HTTPResponse.Status = .ok,
        navigation: Bool = true,
        _ main: (Shell) -> HTML
    ) -> Response {
        let shell = Shell(
            t: context.words,
            title: title,
            section: section,
            user: context.signedInUser,
            csrfToken: context.csrfToken,
            flash: context.flash,
            navigation: navigation,
            celebration: context.celebration,
            unread: context.unreadNotifications,
            walletExpiring: context.walletExpiring
        )
        var response = Self.html(shell.page(main(shell)), status: status)
        if context.hasFlashCookie {
            response.setCookie(cookies.expired(name: cookies.flash))
        }
        return response
    }

    /// The page that asks before something is deleted (`page` says what, and what goes with it).
    func confirm(
        _ page: ConfirmPage,
        title: String,
        section: Section,
        context: some PageContext,
        status: HTTPResponse.Status = .ok
    ) -> Response {
        self.page(title: title, section: section, context: context, status: status) { shell in
            page.html(csrf: shell.csrf, t: shell.t)
        }
    }

    /// A 303 See Other to `location`, optionally carrying a flash message to the next page.
    func redirect(to location: String, flash: Flash? = nil) -> Response {
        var response = Response(status: .seeOther, headers: [.location: location, .cacheControl: "no-store"])
        if let flash {
            response.setCookie(cookies.cookie(name: cookies.flash, value: flash.cookieValue, maxAge: 60))
        }
        return response
    }

    /// A file to save (or, `inline`, to show), never stored by the browser or a proxy.
    static func download(_ body: ByteBuffer, type: String, filename: String, inline: Bool = false) -> Response {
        Response(
            status: .ok,
            headers: [
                .contentType: type, .cacheControl: "no-store",
                .contentDisposition: "\(inline ? "inline" : "attachment"); filename=\"\(filename)\"",
            ],
            body: .init(byteBuffer: body)
        )
    }

    /// An HTML response that browsers and proxies must not store (pages show private money data).
    static func html(_ html: HTML, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status,
            headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(bytes: html.bytes))
        )
    }
}

/// A problem that stops the server from starting, told in one line.
public struct StartupError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
