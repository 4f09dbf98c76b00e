import Foundation
import QRCode
import Testing

/// Each symbol is drawn as SVG, rasterised by librsvg and read back by the ZBar decoder: an independent reader has to
/// get the exact text back.
@Suite("QR Code read back by a real decoder")
struct QRCodeRoundTripTests {
    static let texts = [
        "otpauth://totp/Stashify:ann%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP"
            + "&issuer=Stashify&algorithm=SHA1&digits=6&period=30",
        "x",
        "Zoë €5",
        // Long enough for version 7 or more at every level, so the version information is read too.
        "otpauth://totp/Stashify:a.very.long.address.for.testing%40subdomain.example.com"
            + "?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP"
            + "&issuer=Stashify%20Savings&algorithm=SHA256&digits=8&period=60&image=https://example.com/i.png",
        String(repeating: "Grüße, 東京 ", count: 20),
    ]

    @Test("the decoded bytes equal the input's UTF-8", arguments: QRCode.ErrorCorrection.allCases)
    func roundTrip(level: QRCode.ErrorCorrection) throws {
        for (index, text) in Self.texts.enumerated() {
            // Given
            let code = try QRCode(text, errorCorrection: level)
            if index >= 3 { #expect(code.version >= 7, "\(level): version \(code.version)") }

            // When: without an ECI, ZBar guesses the character set of byte-mode data and converts it to UTF-8; it
            // takes the UTF-8 of "Zoë €5" for Shift JIS and prints half-width katakana. `-Sbinary` prints the
            // bytes as they were encoded, with no newline after them.
            let decoded = try Self.readBack(code, options: ["-Sbinary"])

            // Then
            #expect(decoded == Data(text.utf8), "\(level), text \(index), version \(code.version)")
        }
    }

    @Test("an otpauth URI reads back as it is without any decoder option")
    func plainOutput() throws {
        // Given
        let uri = Self.texts[0]
        let code = try QRCode(uri)

        // When
        let decoded = try Self.readBack(code, options: [])

        // Then
        #expect(String(decoding: decoded, as: UTF8.self) == uri + "\n")
    }

    /// Draws `code` as SVG, rasterises it with librsvg and returns what zbarimg prints for it.
    private static func readBack(_ code: QRCode, options: [String]) throws -> Data {
        let converter = try #require(
            Tool.find("rsvg-convert"),
            "rsvg-convert is missing: install Debian's librsvg2-bin"
        )
        let decoder = try #require(Tool.find("zbarimg"), "zbarimg is missing: install Debian's zbar-tools")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("qr-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let svg = folder.appendingPathComponent("code.svg")
        let png = folder.appendingPathComponent("code.png")
        try code.svg(label: "QR code").write(to: svg, atomically: true, encoding: .utf8)

        let converted = try Tool.run(converter, ["-w", "400", "-b", "white", svg.path, "-o", png.path])
        try #require(converted.status == 0, "rsvg-convert exited with status \(converted.status)")
        let decoded = try Tool.run(decoder, ["--raw", "-q"] + options + [png.path])
        try #require(
            decoded.status == 0,
            """
            zbarimg found no symbol in version \(code.version) at level \(code.errorCorrection) with mask \(code.mask)
            """
        )
        return decoded.output
    }
}

/// A command-line tool run to completion.
private enum Tool {
    static func find(_ name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let folders = path.split(separator: ":").map(String.init) + ["/usr/bin", "/usr/local/bin"]
        return folders.map { URL(fileURLWithPath: $0).appendingPathComponent(name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// Runs `tool` and returns its exit status and standard output (standard error is dropped: ZBar writes
    /// unrelated D-Bus warnings there).
    static func run(_ tool: URL, _ arguments: [String]) throws -> (status: Int32, output: Data) {
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, data)
    }
}
