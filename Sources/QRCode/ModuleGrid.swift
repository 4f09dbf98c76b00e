/// The modules of a symbol while it is being built, with a second layer marking the function patterns (and the
/// format and version information areas), which data placement and masking leave alone.
struct ModuleGrid {
    let size: Int
    private(set) var dark: [Bool]
    private(set) var isFunction: [Bool]

    /// A grid with every function pattern drawn, the version information in place and the format information areas
    /// reserved.
    init(version: Int) {
        size = 17 + 4 * version
        dark = Array(repeating: false, count: size * size)
        isFunction = Array(repeating: false, count: size * size)

        for index in 0..<size {
            setFunction(x: 6, y: index, dark: index.isMultiple(of: 2))
            setFunction(x: index, y: 6, dark: index.isMultiple(of: 2))
        }
        for (x, y) in [(3, 3), (size - 4, 3), (3, size - 4)] {
            drawFinder(centerX: x, centerY: y)
        }
        let centers = Self.alignmentCenters(version: version)
        for x in centers {
            for y in centers {
                // The three corners already hold finder patterns.
                let overlapsFinder = (x == 6 && y == 6) || (x == 6 && y == size - 7) || (x == size - 7 && y == 6)
                if !overlapsFinder { drawAlignment(centerX: x, centerY: y) }
            }
        }
        drawFormatInformation(0)
        setFunction(x: 8, y: size - 8, dark: true)
        if version >= 7 {
            let bits = QRCode.versionBits(version: version)
            for bit in 0..<18 {
                // A 6 × 3 block above the bottom-left finder and its transpose left of the top-right one.
                let isDark = (bits >> bit) & 1 == 1
                setFunction(x: bit / 3, y: size - 11 + bit % 3, dark: isDark)
                setFunction(x: size - 11 + bit % 3, y: bit / 3, dark: isDark)
            }
        }
    }

    subscript(x: Int, y: Int) -> Bool {
        dark[y * size + x]
    }

    /// The centre coordinates of the alignment patterns (used for both rows and columns): 6, then evenly spaced
    /// (by an even step) from the far edge back, the first gap taking what is left over.
    static func alignmentCenters(version: Int) -> [Int] {
        guard version >= 2 else { return [] }
        let size = 17 + 4 * version
        let count = version / 7 + 2
        // Version 32 is the one exception to the rounding rule in the standard's table.
        let step = version == 32 ? 26 : (size - 13 + 2 * count - 3) / (2 * count - 2) * 2
        return [6] + (0..<count - 1).map { size - 7 - $0 * step }.reversed()
    }

    /// The modules left for data and error correction (including the 0–7 remainder bits).
    static func dataModuleCount(version: Int) -> Int {
        let size = 17 + 4 * version
        let alignments = version >= 2 ? version / 7 + 2 : 0
        // Alignment patterns in the timing row or column share five modules with it.
        let alignmentModules = alignments == 0 ? 0 : 25 * (alignments * alignments - 3) - 10 * (alignments - 2)
        let finders = 3 * 64
        let formatAndDarkModule = 31
        let timing = 2 * (size - 16)
        let versionInformation = version >= 7 ? 36 : 0
        return size * size - finders - formatAndDarkModule - timing - alignmentModules - versionInformation
    }

    // MARK: - Function patterns

    private mutating func setFunction(x: Int, y: Int, dark isDark: Bool) {
        dark[y * size + x] = isDark
        isFunction[y * size + x] = true
    }

    /// A finder pattern with its light separator, clipped at the symbol's edges.
    private mutating func drawFinder(centerX: Int, centerY: Int) {
        for dy in -4...4 {
            for dx in -4...4 where (0..<size).contains(centerX + dx) && (0..<size).contains(centerY + dy) {
                let ring = max(abs(dx), abs(dy))
                setFunction(x: centerX + dx, y: centerY + dy, dark: ring != 2 && ring != 4)
            }
        }
    }

    private mutating func drawAlignment(centerX: Int, centerY: Int) {
        for dy in -2...2 {
            for dx in -2...2 {
                setFunction(x: centerX + dx, y: centerY + dy, dark: max(abs(dx), abs(dy)) != 1)
            }
        }
    }

    /// Draws the 15 format bits twice: around the top-left finder, and split between the other two.
    mutating func drawFormatInformation(_ bits: Int) {
        for bit in 0..<15 {
            let isDark = (bits >> bit) & 1 == 1
            // Bit 0 at the top of column 8 down to bit 7 at (8, 8), then along row 8 leftwards; the timing
            // row and column are stepped over.
            switch bit {
            case 0...5: setFunction(x: 8, y: bit, dark: isDark)
            case 6: setFunction(x: 8, y: 7, dark: isDark)
            case 7: setFunction(x: 8, y: 8, dark: isDark)
            case 8: setFunction(x: 7, y: 8, dark: isDark)
            default: setFunction(x: 14 - bit, y: 8, dark: isDark)
            }
            // Bits 0–7 along row 8 from the right edge, bits 8–14 up column 8 to the bottom edge.
            if bit < 8 {
                setFunction(x: size - 1 - bit, y: 8, dark: isDark)
            } else {
                setFunction(x: 8, y: size - 15 + bit, dark: isDark)
            }
        }
    }

    // MARK: - Data

    /// Places the codewords, most significant bit first, in two-module columns zigzagging up and down from the
    /// bottom-right corner; the vertical timing column is skipped and any remainder modules stay light.
    mutating func place(_ codewords: [UInt8]) {
        var bit = 0
        var upward = true
        var right = size - 1
        while right > 0 {
            if right == 6 { right = 5 }
            for step in 0..<size {
                let y = upward ? size - 1 - step : step
                for x in [right, right - 1] where !isFunction[y * size + x] {
                    if bit < 8 * codewords.count {
                        dark[y * size + x] = (codewords[bit / 8] >> (7 - bit % 8)) & 1 == 1
                    }
                    bit += 1
                }
            }
            upward.toggle()
            right -= 2
        }
    }

    /// Inverts every data module for which the mask's condition holds (`x` is the column, `y` the row).
    mutating func applyMask(_ mask: Int) {
        for y in 0..<size {
            for x in 0..<size where !isFunction[y * size + x] && Self.maskCondition(mask, x: x, y: y) {
                dark[y * size + x].toggle()
            }
        }
    }

    static func maskCondition(_ mask: Int, x: Int, y: Int) -> Bool {
        switch mask {
        case 0: (x + y) % 2 == 0
        case 1: y % 2 == 0
        case 2: x % 3 == 0
        case 3: (x + y) % 3 == 0
        case 4: (y / 2 + x / 3) % 2 == 0
        case 5: (x * y) % 2 + (x * y) % 3 == 0
        case 6: ((x * y) % 2 + (x * y) % 3) % 2 == 0
        default: ((x + y) % 2 + (x * y) % 3) % 2 == 0
        }
    }
}

extension QRCode {
    /// The 15 format bits: level and mask, a BCH(15,5) code with generator 0x537, then XOR 0x5412 so that they are
    /// never all zero.
    static func formatBits(level: ErrorCorrection, mask: Int) -> Int {
        let data = level.formatBits << 3 | mask
        return (data << 10 | bchRemainder(data << 10, generator: 0x537)) ^ 0x5412
    }

    /// The 18 version bits: the version and a BCH(18,6) code with generator 0x1F25.
    static func versionBits(version: Int) -> Int {
        version << 12 | bchRemainder(version << 12, generator: 0x1F25)
    }

    /// The remainder of the polynomial `value` divided by `generator`, both over GF(2).
    private static func bchRemainder(_ value: Int, generator: Int) -> Int {
        let degree = Int.bitWidth - generator.leadingZeroBitCount - 1
        var remainder = value
        for bit in stride(from: Int.bitWidth - 2, through: degree, by: -1) where (remainder >> bit) & 1 == 1 {
            remainder ^= generator << (bit - degree)
        }
        return remainder
    }
}
