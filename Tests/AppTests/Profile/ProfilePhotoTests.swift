import Foundation
import GRDB
import Testing

@testable import App

@Suite("Profile photo")
struct ProfilePhotoTests {
    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array(repeating: 7, count: 100)
    static let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0] + Array(repeating: 1, count: 100)
    static let webp: [UInt8] =
        Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBPVP8 ".utf8) + Array(repeating: 2, count: 50)

    @Test(
        "PNG, JPEG and WebP are told by their bytes; shown in the header and Profile; served only to the owner, with nosniff",
        arguments: [("png", "image/png"), ("jpeg", "image/jpeg"), ("webp", "image/webp")]
    )
    func upload(kind: String, type: String) async throws {
        let bytes = kind == "png" ? Self.png : kind == "jpeg" ? Self.jpeg : Self.webp
        try await TestApp.run { browser, database in
            try await browser.signUp(email: "alex@example.com")
            try await browser.get("/profile")

            // The name says "photo.gif": the bytes decide
            let saved = try await browser.upload("/profile/photo", files: [("photo", "photo.gif", bytes)])
            #expect(saved.status == .seeOther)
            #expect(saved.location == "/profile")
            let profile = try await browser.get("/profile")
            let url = try #require(
                profile.html.range(of: "/profile/photo\\?v=[0-9]+", options: .regularExpression).map {
                    String(profile.html[$0])
                }
            )
            #expect(
                profile.html.contains("<img class=\"avatar__photo\" src=\"\(url)\" alt=\"\" width=\"44\""),
                "the header avatar"
            )
            #expect(profile.html.contains("width=\"72\""), "the Profile's own")
            #expect(profile.html.contains("Photo saved."))
            #expect(
                profile.html.contains("form=\"remove-photo\" aria-label=\"Remove photo\">Remove</button>"),
                "beside Change photo"
            )
            #expect(
                profile.document.contains(
                    "form",
                    attributes: [
                        "id": "remove-photo", "method": "post", "action": "/profile/photo/delete", "hidden": "",
                    ]
                )
            )
            let photo = try await browser.get(url)
            #expect(photo.status == .ok)
            #expect(photo.headers[.contentType] == type)
            #expect(photo.headers[.xContentTypeOptions] == "nosniff")
            #expect(photo.bytes == bytes)

            let other = Browser(client: browser.client)
            try await other.signUp(email: "eve@example.com")
            #expect(try await other.get(url).status == .notFound, "another user gets their own (none), never this one")
            #expect(try await Browser(client: browser.client).get(url).location?.hasPrefix("/login") == true)

            // Removed
            try await browser.get("/profile")
            let removed = try await browser.post("/profile/photo/delete")
            #expect(removed.status == .seeOther)
            let after = try await browser.get("/profile")
            #expect(!after.html.contains("avatar__photo"))
            #expect(after.html.contains(">AD<"))
            #expect(!after.html.contains("remove-photo"), "nothing to remove")
            #expect(try await browser.get(url).status == .notFound)
            #expect(
                try database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM profilePhoto") } == 0
            )
        }
    }

    @Test(
        "anything else, or a photo over 2 MB, is refused next to the field and nothing is saved",
        arguments: [
            ("gif", "This file isn&#39;t a PNG, JPEG or WebP image."),
            ("svg", "This file isn&#39;t a PNG, JPEG or WebP image."),
            ("html named png", "This file isn&#39;t a PNG, JPEG or WebP image."),
            ("large", "This photo is larger than 2 MB. Choose a smaller one."),
            ("none", "Choose a photo (PNG, JPEG or WebP)."),
        ]
    )
    func refused(kind: String, message: String) async throws {
        let bytes: [UInt8]? =
            switch kind {
            case "gif": Array("GIF89a".utf8) + [1, 2, 3]
            case "svg": Array("<svg xmlns=\"http://www.w3.org/2000/svg\"><script>alert(1)</script></svg>".utf8)
            case "html named png": Array("<html><script>alert(1)</script></html>".utf8)
            case "large": Self.png + Array(repeating: 0, count: 2 * 1024 * 1024)
            default: nil
            }
        try await TestApp.run { browser, database in
            try await browser.signUp(email: "alex@example.com")
            try await browser.get("/profile")
            let page = try await browser.upload("/profile/photo", files: bytes.map { [("photo", "me.png", $0)] } ?? [])
            #expect(page.status == .unprocessableContent)
            #expect(page.fieldError("photo") == message)
            #expect(
                try database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM profilePhoto") } == 0
            )
            #expect(!page.html.contains("avatar__photo"))
        }
    }
}
