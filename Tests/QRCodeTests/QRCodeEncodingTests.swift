import Testing

@testable import QRCode

@Suite("QR Code encoding")
struct QRCodeEncodingTests {
    @Test("Reed–Solomon gives the standard's error-correction codewords for HELLO WORLD at 1-M")
    func reedSolomonKnownVector() {
        let data: [UInt8] = [32, 91, 11, 120, 209, 114, 220, 77, 67, 64, 236, 17, 236, 17, 236, 17]
        let expected: [UInt8] = [196, 35, 39, 119, 235, 215, 231, 226, 93, 23]
        #expect(ReedSolomon.errorCorrection(for: data, count: 10) == expected)
    }

    @Test("the generator polynomial of degree 2 is x² + 3x + 2")
    func generatorPolynomial() {
        #expect(ReedSolomon.generator(degree: 2) == [1, 3, 2])
    }

    @Test("format bits for M with mask 0, L with mask 4 and H with mask 7")
    func formatBits() {
        #expect(QRCode.formatBits(level: .medium, mask: 0) == 0b1010100_00010010)
        #expect(QRCode.formatBits(level: .low, mask: 4) == 0b1100110_00101111)
        #expect(QRCode.formatBits(level: .high, mask: 7) == 0b0001000_00111011)
    }

    @Test("version bits for versions 7 and 40")
    func versionBits() {
        #expect(QRCode.versionBits(version: 7) == 0b00_01111100_10010100)
        #expect(QRCode.versionBits(version: 40) == 0b10_10001100_01101001)
    }

    @Test("the data bit stream: mode, count, bytes, terminator, then alternating pad bytes")
    func dataCodewords() {
        let codewords = QRCode.dataCodewords(for: Array("A".utf8), version: 1, level: .high)
        #expect(codewords == [0x40, 0x14, 0x10, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11])
    }

    @Test("rule 1 scores runs of five or more, rule 3 finder-like runs with four light modules on one side")
    func penaltyRules() {
        let pattern = [true, false, true, true, true, false, true]
        let light = [Bool](repeating: false, count: 4)
        let dark = [Bool](repeating: true, count: 4)
        #expect(ModuleGrid.runPenalty([true, true, true, true, true, false, false, false, false]) == 3)
        #expect(ModuleGrid.runPenalty(Array(repeating: false, count: 7) + [true]) == 5)
        #expect(ModuleGrid.finderLikePenalty(light + pattern + dark) == 40)
        #expect(ModuleGrid.finderLikePenalty(dark + pattern + light) == 40)
        #expect(ModuleGrid.finderLikePenalty(light + pattern + light) == 40)
        #expect(ModuleGrid.finderLikePenalty(dark + pattern + dark) == 0)
        // Beyond the edge is the light quiet zone.
        #expect(ModuleGrid.finderLikePenalty(pattern + dark) == 40)
    }

    @Test("alignment pattern centres match the standard's table, version 32 included")
    func alignmentCenters() {
        #expect(ModuleGrid.alignmentCenters(version: 1) == [])
        #expect(ModuleGrid.alignmentCenters(version: 2) == [6, 18])
        #expect(ModuleGrid.alignmentCenters(version: 7) == [6, 22, 38])
        #expect(ModuleGrid.alignmentCenters(version: 16) == [6, 26, 50, 74])
        #expect(ModuleGrid.alignmentCenters(version: 32) == [6, 34, 60, 86, 112, 138])
        #expect(ModuleGrid.alignmentCenters(version: 36) == [6, 24, 50, 76, 102, 128, 154])
        #expect(ModuleGrid.alignmentCenters(version: 40) == [6, 30, 58, 86, 114, 142, 170])
    }

    @Test("the counted data modules equal the modules left free by the function patterns, for every version")
    func dataModuleCount() {
        for version in 1...40 {
            let grid = ModuleGrid(version: version)
            #expect(grid.isFunction.count { !$0 } == ModuleGrid.dataModuleCount(version: version), "version \(version)")
        }
        #expect(QRCode.totalCodewordCount(version: 1) == 26)
        #expect(QRCode.totalCodewordCount(version: 7) == 196)
        #expect(QRCode.totalCodewordCount(version: 40) == 3706)
    }

    @Test(
        "byte capacities match the standard for versions 1, 2, 7, 10 and 40",
        arguments: [
            (1, [17, 14, 11, 7]), (2, [32, 26, 20, 14]), (7, [154, 122, 86, 64]),
            (10, [271, 213, 151, 119]), (40, [2953, 2331, 1663, 1273]),
        ]
    )
    func capacities(version: Int, bytes: [Int]) {
        for (level, capacity) in zip(QRCode.ErrorCorrection.allCases, bytes) {
            #expect(QRCode.smallestVersion(byteCount: capacity, level: level) == version, "\(level)")
            #expect(QRCode.smallestVersion(byteCount: capacity + 1, level: level) != version, "\(level)")
        }
    }

    @Test("short text picks version 1, a 200-byte URI fits, 5000 bytes is too long")
    func versionChoice() throws {
        #expect(try QRCode("a").version == 1)
        let uri = "otpauth://totp/Stashify:" + String(repeating: "x", count: 176)
        #expect(uri.utf8.count == 200)
        let code = try QRCode(uri)
        #expect((7...12).contains(code.version))
        #expect(code.size == 17 + 4 * code.version)
        #expect(throws: QRCode.EncodingError.tooLong) { try QRCode(String(repeating: "x", count: 5000)) }
        #expect(throws: QRCode.EncodingError.tooLong) {
            try QRCode(String(repeating: "x", count: 1274), errorCorrection: .high)
        }
    }

    @Test("a UTF-8 string is counted in bytes, not characters")
    func utf8Length() throws {
        // 14 ASCII letters and 3 two-byte letters: 20 bytes, over the 17 of version 1 at level L.
        #expect(try QRCode("abcdefghijklmn" + "ëëë", errorCorrection: .low).version == 2)
        #expect(try QRCode("abcdefghijklmnopq", errorCorrection: .low).version == 1)
    }
}
