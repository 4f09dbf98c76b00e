import Foundation
import Testing

@testable import App

/// Stashify installs as an app: a manifest with PNG and maskable icons and shortcuts, an Apple touch icon, theme
/// colours for both themes, a service worker from the root with an offline page, and a log-out that clears what the
/// browser kept.
@Suite("Installable app")
struct InstallableAppTests {
    /// A PNG's width and height from its IHDR chunk.
    static func pngSize(_ bytes: [UInt8]) -> (Int, Int)? {
        guard bytes.count > 24, bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { return nil }
        let number = { (at: Int) in bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (number(16), number(20))
    }

    @Test("the manifest names real PNG icons of its sizes, a maskable one and three shortcuts")
    func manifest() async throws {
        try await TestApp.run { browser, _ in
            let response = try await browser.get("/manifest.webmanifest")
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "application/manifest+json")
            let manifest = try #require(
                try JSONSerialization.jsonObject(with: Data(response.html.utf8)) as? [String: Any]
            )
            #expect(manifest["start_url"] as? String == "/")
            #expect(manifest["display"] as? String == "standalone")
            let icons = try #require(manifest["icons"] as? [[String: String]])
            #expect(icons.contains { $0["purpose"] == "maskable" })
            for icon in icons where icon["type"] == "image/png" {
                let file = try await browser.get(try #require(icon["src"]))
                #expect(file.status == .ok)
                #expect(file.headers[.contentType] == "image/png")
                let size = try #require(Self.pngSize(file.bytes))
                #expect("\(size.0)x\(size.1)" == icon["sizes"])
            }
            #expect(Set(icons.compactMap { $0["sizes"] }).isSuperset(of: ["192x192", "512x512"]))
            let shortcuts = try #require(manifest["shortcuts"] as? [[String: Any]])
            #expect(
                shortcuts.compactMap { $0["name"] as? String } == ["Add entry", "Add transaction", "Expiring soon"]
            )
            for shortcut in shortcuts {
                let url = try #require(shortcut["url"] as? String)
                #expect(url.hasPrefix("/"))
            }
        }
    }

    @Test("every page names the touch icon, a theme colour per theme and the service worker's script")
    func head() async throws {
        try await TestApp.run { browser, _ in
            for path in ["/login", "/signup"] {
                let page = try await browser.get(path)
                #expect(
                    page.document.contains(
                        "link",
                        attributes: ["rel": "apple-touch-icon", "href": "/icons/apple-touch-icon.png"]
                    )
                )
                #expect(
                    page.document.contains(
                        "meta",
                        attributes: [
                            "name": "theme-color", "media": "(prefers-color-scheme: light)", "content": "#FFFFFF",
                        ]
                    )
                )
                #expect(
                    page.document.contains(
                        "meta",
                        attributes: [
                            "name": "theme-color", "media": "(prefers-color-scheme: dark)", "content": "#000000",
                        ]
                    )
                )
                #expect(page.document.contains("script", attributes: ["src": "/js/pwa.js", "defer": ""], text: ""))
            }
            let touch = try await browser.get("/icons/apple-touch-icon.png")
            #expect(Self.pngSize(touch.bytes).map { "\($0.0)x\($0.1)" } == "180x180")
            let favicon = try await browser.get("/favicon.ico")
            #expect(favicon.status == .ok)
            #expect(favicon.bytes.starts(with: [0, 0, 1, 0]))
        }
    }

    @Test("the service worker is served from the root, keeps only static files and falls back to the offline page")
    func serviceWorker() async throws {
        try await TestApp.run { browser, _ in
            let worker = try await browser.get("/sw.js")
            #expect(worker.status == .ok)
            #expect(worker.headers[.contentType] == "text/javascript; charset=utf-8")
            #expect(worker.headers[.cacheControl] == "no-cache")
            #expect(worker.html.contains("caches.match(\"/offline.html\")"))
            // Pages are never put in the cache: only the shell's own files
            let shell = try #require(worker.html.range(of: "const SHELL = [").map { worker.html[$0.upperBound...] })
            let list = shell[..<(shell.range(of: "];")?.lowerBound ?? shell.endIndex)]
            let files = list.split(separator: ",").map {
                $0.trimmingCharacters(in: .whitespacesAndNewlines).trimmingCharacters(
                    in: CharacterSet(charactersIn: "\"")
                )
            }
            .filter { !$0.isEmpty }
            for file in files {
                #expect(try await browser.get(file).status == .ok, "\(file) is served")
            }
            #expect(files.allSatisfy { $0.contains(".") }, "only files, no pages")
            let offline = try await browser.get("/offline.html")
            #expect(offline.status == .ok)
            #expect(offline.html.contains("You're offline"))
        }
    }

    @Test("logging out tells the browser to clear what it kept of the account, its push subscription included")
    func logOutClearsCache() async throws {
        try await TestApp.run { browser, _ in
            try await browser.signUp(email: "alex@example.com")
            let page = try await browser.logOut()
            #expect(page.status == .seeOther)
            #expect(page.headers[.clearSiteData] == "\"cache\", \"storage\"")
        }
    }
}
