import Foundation

/// WCAG 2.2 relative luminance and contrast ratio of `#RRGGBB` colours.
enum Contrast {
    /// The colour's relative luminance, its sRGB channels first scaled by `scale` (black laid over it at 1 − scale).
    static func luminance(_ hex: String, scale: Double = 1) -> Double {
        guard hex.count == 7, let value = Int(hex.dropFirst(), radix: 16) else { return 0 }
        func channel(_ shift: Int) -> Double {
            let c = Double((value >> shift) & 0xFF) / 255 * scale
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * channel(16) + 0.7152 * channel(8) + 0.0722 * channel(0)
    }

    /// The contrast ratio of two luminances, 1…21.
    static func ratio(_ a: Double, _ b: Double) -> Double {
        (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }
}
