/// A QR Code symbol (ISO/IEC 18004, model 2), encoded from text in byte mode.
///
/// The text is stored as UTF-8 without an ECI header, which is what authenticator apps and most readers expect. The
/// smallest version (1...40) that holds the text at the chosen error-correction level is used, with whichever of the
/// eight masks scores lowest on the standard's four penalty rules.
public struct QRCode: Sendable {
    /// How much of the symbol can be damaged and still be read: about 7 %, 15 %, 25 % or 30 % of the codewords.
    public enum ErrorCorrection: Sendable, CaseIterable {
        case low, medium, quartile, high
    }

    /// Why a text cannot be encoded.
    public enum EncodingError: Error, Equatable {
        /// The text needs more than a version 40 symbol holds at the chosen level (2953 bytes at `.low`).
        case tooLong
    }

    /// The version, 1...40; the symbol has `17 + 4 * version` modules per side.
    public let version: Int

    /// The error-correction level the symbol was encoded with.
    public let errorCorrection: ErrorCorrection

    /// The mask (0...7) that was applied to the data modules.
    public let mask: Int

    private let modules: [Bool]

    /// Modules per side, without the quiet zone.
    public var size: Int { 17 + 4 * version }

    /// Encodes `text` as UTF-8 in byte mode in the smallest version that fits, with the best-scoring mask.
    ///
    /// - Throws: `EncodingError.tooLong` when not even version 40 holds the text at this level.
    public init(_ text: String, errorCorrection: ErrorCorrection = .medium) throws {
        let bytes = Array(text.utf8)
        guard let version = Self.smallestVersion(byteCount: bytes.count, level: errorCorrection) else {
            throw EncodingError.tooLong
        }
        var grid = ModuleGrid(version: version)
        grid.place(Self.codewords(for: bytes, version: version, level: errorCorrection))

        func masked(_ mask: Int) -> (grid: ModuleGrid, mask: Int, penalty: Int) {
            var candidate = grid
            candidate.applyMask(mask)
            candidate.drawFormatInformation(Self.formatBits(level: errorCorrection, mask: mask))
            return (candidate, mask, candidate.penalty())
        }
        // The first mask with the lowest penalty wins.
        let best = (1..<8).reduce(masked(0)) { best, mask in
            let candidate = masked(mask)
            return candidate.penalty < best.penalty ? candidate : best
        }
        self.version = version
        self.errorCorrection = errorCorrection
        self.mask = best.mask
        self.modules = best.grid.dark
    }

    /// Whether the module at column `x`, row `y` (from the top-left corner) is dark. Coordinates outside the symbol
    /// are in the quiet zone and read as light.
    public subscript(x: Int, y: Int) -> Bool {
        guard (0..<size).contains(x), (0..<size).contains(y) else { return false }
        return modules[y * size + x]
    }
}

extension QRCode.ErrorCorrection {
    /// The two bits that stand for the level in the format information (not in the order of the cases).
    var formatBits: Int {
        switch self {
        case .low: 0b01
        case .medium: 0b00
        case .quartile: 0b11
        case .high: 0b10
        }
    }
}
