/// The codeword sequence: the byte-mode bit stream, split into blocks, each followed by its Reed–Solomon
/// codewords, then interleaved.
extension QRCode {
    /// Error-correction codewords per block, by level (low, medium, quartile, high), for versions 1...40.
    private static let errorCorrectionPerBlock: [[Int]] = [
        [
            7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28,
            28, 28, 30, 30, 26, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
        ],
        [
            10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26,
            26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28,
        ],
        [
            13, 22, 18, 26, 18, 24, 18, 22, 20, 24, 28, 26, 24, 20, 30, 24, 28, 28, 26, 30,
            28, 30, 30, 30, 30, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
        ],
        [
            17, 28, 22, 16, 22, 28, 26, 26, 24, 28, 24, 28, 22, 24, 24, 30, 28, 28, 26, 28,
            30, 24, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
        ],
    ]

    /// Number of error-correction blocks, by level (low, medium, quartile, high), for versions 1...40.
    private static let blockCounts: [[Int]] = [
        [
            1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8,
            8, 9, 9, 10, 12, 12, 12, 13, 14, 15, 16, 17, 18, 19, 19, 20, 21, 22, 24, 25,
        ],
        [
            1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16,
            17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49,
        ],
        [
            1, 1, 2, 2, 4, 4, 6, 6, 8, 8, 8, 10, 12, 16, 12, 17, 16, 18, 21, 20,
            23, 23, 25, 27, 29, 34, 34, 35, 38, 40, 43, 45, 48, 51, 53, 56, 59, 62, 65, 68,
        ],
        [
            1, 1, 2, 4, 4, 4, 5, 6, 8, 8, 11, 11, 16, 16, 18, 16, 19, 21, 25, 25,
            25, 34, 30, 32, 35, 37, 40, 42, 45, 48, 51, 54, 57, 60, 63, 66, 70, 74, 77, 81,
        ],
    ]

    /// The smallest version whose data capacity at `level` holds `byteCount` bytes, if any does.
    static func smallestVersion(byteCount: Int, level: ErrorCorrection) -> Int? {
        (1...40).first { version in
            let bits = 4 + characterCountBits(version: version) + 8 * byteCount
            return bits <= 8 * dataCodewordCount(version: version, level: level)
        }
    }

    /// The length of the character count field in byte mode: 8 bits up to version 9, 16 from version 10.
    static func characterCountBits(version: Int) -> Int {
        version <= 9 ? 8 : 16
    }

    /// All codewords the symbol has room for: data and error correction together.
    static func totalCodewordCount(version: Int) -> Int {
        ModuleGrid.dataModuleCount(version: version) / 8
    }

    /// The data codewords the symbol holds at `level`.
    static func dataCodewordCount(version: Int, level: ErrorCorrection) -> Int {
        let row = level.tableRow
        return totalCodewordCount(version: version)
            - errorCorrectionPerBlock[row][version - 1] * blockCounts[row][version - 1]
    }

    /// The final codeword sequence for `bytes`, which must fit `version` at `level`.
    static func codewords(for bytes: [UInt8], version: Int, level: ErrorCorrection) -> [UInt8] {
        let data = dataCodewords(for: bytes, version: version, level: level)
        let blockCount = blockCounts[level.tableRow][version - 1]
        let correctionCount = errorCorrectionPerBlock[level.tableRow][version - 1]

        // Blocks differ by at most one data codeword; the shorter ones come first.
        let shortLength = data.count / blockCount
        let shortCount = blockCount - data.count % blockCount
        var blocks: [[UInt8]] = []
        var start = 0
        for index in 0..<blockCount {
            let length = shortLength + (index < shortCount ? 0 : 1)
            blocks.append(Array(data[start..<start + length]))
            start += length
        }
        let corrections = blocks.map { ReedSolomon.errorCorrection(for: $0, count: correctionCount) }

        // Interleave: the first codeword of every block, then the second, and so on.
        var result: [UInt8] = []
        result.reserveCapacity(totalCodewordCount(version: version))
        for position in 0...shortLength {
            for block in blocks where position < block.count {
                result.append(block[position])
            }
        }
        for position in 0..<correctionCount {
            for correction in corrections {
                result.append(correction[position])
            }
        }
        return result
    }

    /// The data codewords: mode indicator, character count, the bytes, a terminator and padding.
    static func dataCodewords(for bytes: [UInt8], version: Int, level: ErrorCorrection) -> [UInt8] {
        let capacity = dataCodewordCount(version: version, level: level)
        var stream = BitStream()
        stream.append(0b0100, count: 4)
        stream.append(bytes.count, count: characterCountBits(version: version))
        for byte in bytes {
            stream.append(Int(byte), count: 8)
        }
        // Up to four zero bits end the data, then zeros up to a whole byte.
        stream.append(0, count: min(4, 8 * capacity - stream.count))
        stream.append(0, count: (8 - stream.count % 8) % 8)

        var codewords = stream.bytes
        var pad: UInt8 = 0xEC
        while codewords.count < capacity {
            codewords.append(pad)
            pad = pad == 0xEC ? 0x11 : 0xEC
        }
        return codewords
    }
}

/// Bits appended most significant first, packed into bytes.
private struct BitStream {
    private(set) var bytes: [UInt8] = []
    private(set) var count = 0

    mutating func append(_ value: Int, count length: Int) {
        for shift in stride(from: length - 1, through: 0, by: -1) {
            if count.isMultiple(of: 8) { bytes.append(0) }
            if (value >> shift) & 1 == 1 {
                bytes[count / 8] |= UInt8(0x80) >> (count % 8)
            }
            count += 1
        }
    }
}

extension QRCode.ErrorCorrection {
    /// The row for this level in the block tables.
    fileprivate var tableRow: Int {
        switch self {
        case .low: 0
        case .medium: 1
        case .quartile: 2
        case .high: 3
        }
    }
}
