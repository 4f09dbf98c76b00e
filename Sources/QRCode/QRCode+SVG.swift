/// Drawing the symbol as an SVG document.
extension QRCode {
    /// The width of the light margin around the symbol, in modules, as the standard asks for.
    static let quietZone = 4

    /// A standalone SVG document of the symbol: a white square with the standard's 4-module quiet zone and the dark
    /// modules as one path of horizontal runs, `pixelSize` CSS pixels wide and high.
    ///
    /// - Parameters:
    ///   - label: The accessible name (`aria-label` and `<title>`); it is escaped here.
    ///   - pixelSize: The rendered width and height in CSS pixels.
    public func svg(label: String, pixelSize: Int = 240) -> String {
        let side = size + 2 * Self.quietZone
        var path = ""
        for y in 0..<size {
            var x = 0
            while x < size {
                guard self[x, y] else {
                    x += 1
                    continue
                }
                let start = x
                while x < size && self[x, y] { x += 1 }
                path += "M\(start + Self.quietZone) \(y + Self.quietZone)h\(x - start)v1h-\(x - start)z"
            }
        }
        let name = Self.escaped(label)
        return """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(pixelSize)" height="\(pixelSize)" \
            viewBox="0 0 \(side) \(side)" shape-rendering="crispEdges" role="img" aria-label="\(name)">\
            <title>\(name)</title>\
            <rect width="\(side)" height="\(side)" fill="#fff"/>\
            <path fill="#000" d="\(path)"/>\
            </svg>
            """
    }

    /// `text` with the characters that could end an attribute value or start markup escaped.
    static func escaped(_ text: String) -> String {
        var result = ""
        for character in text.unicodeScalars {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            default: result.unicodeScalars.append(character)
            }
        }
        return result
    }
}
