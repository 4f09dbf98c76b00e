/// Reed–Solomon error correction over GF(256) built on the polynomial x⁸ + x⁴ + x³ + x² + 1 (0x11D), with the
/// generator polynomial (x − α⁰)(x − α¹)…(x − αⁿ⁻¹) that QR Code uses.
enum ReedSolomon {
    /// Powers of α = 2, twice over so that a sum of two logarithms needs no reduction.
    private static let exponents: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 510)
        var value = 1
        for power in 0..<255 {
            table[power] = UInt8(value)
            table[power + 255] = UInt8(value)
            value <<= 1
            if value & 0x100 != 0 { value ^= 0x11D }
        }
        return table
    }()

    /// The logarithm base α of each non-zero element.
    private static let logarithms: [Int] = {
        var table = [Int](repeating: 0, count: 256)
        for power in 0..<255 { table[Int(exponents[power])] = power }
        return table
    }()

    /// The product of two field elements.
    static func multiply(_ a: UInt8, _ b: UInt8) -> UInt8 {
        guard a != 0, b != 0 else { return 0 }
        return exponents[logarithms[Int(a)] + logarithms[Int(b)]]
    }

    /// The generator polynomial of the given degree, highest power first (its leading coefficient is 1).
    static func generator(degree: Int) -> [UInt8] {
        var polynomial: [UInt8] = [1]
        for power in 0..<degree {
            // Multiply by (x + αᵖᵒʷᵉʳ); in GF(256) subtraction is addition.
            var product = [UInt8](repeating: 0, count: polynomial.count + 1)
            for (index, coefficient) in polynomial.enumerated() {
                product[index] ^= coefficient
                product[index + 1] ^= multiply(coefficient, exponents[power])
            }
            polynomial = product
        }
        return polynomial
    }

    /// The `count` error-correction codewords for `data`: the remainder of data · xᶜᵒᵘⁿᵗ divided by the generator
    /// of degree `count`.
    static func errorCorrection(for data: [UInt8], count: Int) -> [UInt8] {
        let generator = generator(degree: count)
        var remainder = [UInt8](repeating: 0, count: count)
        for byte in data {
            let factor = byte ^ remainder[0]
            remainder.removeFirst()
            remainder.append(0)
            for index in 0..<count {
                remainder[index] ^= multiply(generator[index + 1], factor)
            }
        }
        return remainder
    }
}
